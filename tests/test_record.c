/* Game records: reading tags and movetext, syntax errors with their line and column, writing
 * and reading back, replaying with illegal moves and results that disagree.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/notation.h"
#include "camelot/record.h"
#include "testutil.h"

/* Parses 'text', failing the test on error. */
static void parse_ok(const char *text, CmRecord *rec)
{
    CmError err;
    cm_error_init(&err, "test");
    CmStatus st = cm_record_parse(text, strlen(text), rec, &err);
    if (st != CM_OK)
        fail_msg("unexpected error %d at %d:%d: %s", st, err.line, err.col, err.msg);
}

/* Parses 'text' and checks that it fails with 'code' at 'line':'col' with a message containing
 * 'part'. */
static void parse_fails(const char *text, CmStatus code, int line, int col, const char *part)
{
    CmRecord rec;
    CmError err;
    cm_error_init(&err, "test");
    CmStatus st = cm_record_parse(text, strlen(text), &rec, &err);
    if (st != code || err.line != line || err.col != col || strstr(err.msg, part) == NULL)
        fail_msg("for %s: got %d at %d:%d '%s', expected %d at %d:%d '%s'", text, st, err.line,
                 err.col, err.msg, code, line, col, part);
    assert_int_equal(rec.nmoves, 0);
    assert_null(rec.moves);
    cm_record_free(&rec);
}

/* Plays 'plies' moves from the start of 'v', choosing among the moves sorted by effect text
 * by a fixed rule, and stopping early if the game ends. */
static void play_some(CmGame *g, const CmVariant *v, int plies)
{
    static CmMoveList list;
    assert_int_equal(cm_game_init(g, v, NULL), CM_OK);
    for (int i = 0; i < plies && !g->outcome.over; i++) {
        char e[600];
        int pick = -1, k = 0;
        cm_movegen_all(&g->pos, &list);
        assert_true(list.n > 0);
        /* The move with the ((i * 7) mod n)-th smallest effect text. */
        int want = (i * 7) % list.n;
        for (k = 0; k < list.n; k++) {
            int rank = 0;
            cm_move_effect_str(&list.m[k], e, sizeof e);
            for (int j = 0; j < list.n; j++) {
                char f[600];
                cm_move_effect_str(&list.m[j], f, sizeof f);
                rank += strcmp(f, e) < 0;
            }
            if (rank == want)
                pick = k;
        }
        assert_true(pick >= 0);
        assert_int_equal(cm_game_play(g, &list.m[pick]), CM_OK);
    }
}

static char *write_game(const CmGame *g, const CmTag *tags, int ntags)
{
    size_t need = cm_record_write(g, tags, ntags, NULL, 0);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    assert_int_equal(cm_record_write(g, tags, ntags, buf, need + 1), need);
    assert_int_equal(strlen(buf), need);
    return buf;
}

static void test_record_parse_tags(void **state)
{
    (void)state;
    CmRecord rec;
    parse_ok("[Variant \"camette\"]\n"
             "  [White \"Ann \\\"Bee\\\" O\\\\Neil\"]  \n"
             "; a comment line\n"
             "[Black\t\"\"] [Date \"2024.05.01\"]\n"
             "\n"
             "1. C3-C4 *\n",
             &rec);
    assert_int_equal(rec.ntags, 4);
    assert_string_equal(cm_record_tag(&rec, "Variant"), "camette");
    assert_string_equal(cm_record_tag(&rec, "White"), "Ann \"Bee\" O\\Neil");
    assert_string_equal(cm_record_tag(&rec, "Black"), "");
    assert_string_equal(cm_record_tag(&rec, "Date"), "2024.05.01");
    assert_null(cm_record_tag(&rec, "Result"));
    assert_null(cm_record_tag(&rec, "variant"));
    assert_int_equal(rec.tag[0].line, 1);
    assert_int_equal(rec.tag[1].line, 2);
    assert_int_equal(rec.tag[3].line, 4);
    assert_int_equal(rec.nmoves, 1);
    assert_string_equal(rec.result, "*");
    cm_record_free(&rec);
}

static void test_record_parse_moves_numbers_comments(void **state)
{
    (void)state;
    CmRecord rec;
    parse_ok("1. E6-E8 {a comment\nover two lines} F11-F9\n"
             "2.D7-D9;rest of the line E8-E9\n"
             "2... F9-F8 3.   h4xj4xL6{no space}F6-F8-H8xH10xJ12\n"
             "  10... E6^C8\n",
             &rec);
    assert_int_equal(rec.ntags, 0);
    assert_int_equal(rec.nmoves, 7);
    static const struct {
        const char *text;
        int line, col;
    } want[] = {
        {"E6-E8", 1, 4},     {"F11-F9", 2, 17},           {"D7-D9", 3, 3}, {"F9-F8", 4, 6},
        {"h4xj4xL6", 4, 17}, {"F6-F8-H8xH10xJ12", 4, 35}, {"E6^C8", 5, 9},
    };
    for (int i = 0; i < 7; i++) {
        assert_string_equal(rec.moves[i].text, want[i].text);
        assert_int_equal(rec.moves[i].line, want[i].line);
        assert_int_equal(rec.moves[i].col, want[i].col);
    }
    assert_string_equal(rec.result, "");
    cm_record_free(&rec);
}

static void test_record_parse_results(void **state)
{
    (void)state;
    static const char *const results[] = {"W", "B", "R+B", "G+Y", "draw", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++) {
        char text[128];
        CmRecord rec;
        snprintf(text, sizeof text, "[Result \"%s\"]\n1. E6-E8 %s\n", results[i], results[i]);
        parse_ok(text, &rec);
        assert_string_equal(rec.result, results[i]);
        assert_int_equal(rec.nmoves, 1);
        cm_record_free(&rec);
    }
    /* A result with no moves, and an empty record. */
    CmRecord rec;
    parse_ok("draw", &rec);
    assert_string_equal(rec.result, "draw");
    assert_int_equal(rec.nmoves, 0);
    cm_record_free(&rec);
    parse_ok("\xEF\xBB\xBF[Result \"draw\"]", &rec);
    assert_string_equal(cm_record_tag(&rec, "Result"), "draw");
    cm_record_free(&rec);
    parse_ok("", &rec);
    assert_int_equal(rec.nmoves + rec.ntags, 0);
    cm_record_free(&rec);
    cm_record_free(NULL);
}

static void test_record_parse_syntax_errors(void **state)
{
    (void)state;
    parse_fails("[Variant \"camelot\"\n", CM_ERR_SYNTAX, 1, 19, "expected ']'");
    parse_fails("[Variant camelot]", CM_ERR_SYNTAX, 1, 10, "expected '\"'");
    parse_fails("[Variant \"came\nlot\"]", CM_ERR_SYNTAX, 1, 10, "unterminated value");
    parse_fails("[ \"x\"]", CM_ERR_SYNTAX, 1, 3, "expected a tag name");
    parse_fails("[Event \"a\\nb\"]", CM_ERR_SYNTAX, 1, 10, "unknown escape");
    parse_fails("[A \"1\"]\n[B \"2\"]\n[A \"3\"]", CM_ERR_SCHEMA, 3, 1, "duplicate tag 'A'");
    parse_fails("1. E6-E8\n[Result \"*\"]", CM_ERR_SYNTAX, 2, 1, "tag after the moves");
    parse_fails("1. E6-E8 {unclosed\n\n", CM_ERR_SYNTAX, 1, 10, "unterminated comment");
    parse_fails("1. E6-E8 }", CM_ERR_SYNTAX, 1, 10, "unexpected '}'");
    parse_fails("\n\n  12 E6-E8", CM_ERR_SYNTAX, 3, 5, "expected '.'");
    parse_fails("1. E6-E8\n2. F11-Z9", CM_ERR_SYNTAX, 2, 8, "not a move");
    parse_fails("1. E6", CM_ERR_SYNTAX, 1, 6, "not a move");
    parse_fails("1. E6-E8 castle", CM_ERR_SYNTAX, 1, 4 + 6, "not a move");
    parse_fails("1. E6-E8 * F11-F9", CM_ERR_SYNTAX, 1, 12, "text after the result");
    parse_fails("[Result \"W\"]\n1. E6-E8 B", CM_ERR_SCHEMA, 2, 10, "differs from the Result");
    parse_fails("1. E6-E8 \x01", CM_ERR_SYNTAX, 1, 10, "control character");

    char name[64];
    memset(name, 'N', sizeof name);
    memcpy(name, "[", 1);
    name[sizeof name - 1] = '\0';
    parse_fails(name, CM_ERR_LIMIT, 1, 33, "tag name longer");
}

static void test_record_parse_limits(void **state)
{
    (void)state;
    CmRecord rec;
    CmError err;
    size_t big = CM_RECORD_MAX_BYTES + 1;
    char *text = malloc(big);
    assert_non_null(text);
    memset(text, ' ', big);
    cm_error_init(&err, NULL);
    assert_int_equal(cm_record_parse(text, big, &rec, &err), CM_ERR_LIMIT);
    free(text);

    /* Many moves grow the list; every one is kept. */
    size_t n = 3000, len = 0;
    text = malloc(n * 8 + 1);
    assert_non_null(text);
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "E6-E8 ");
    parse_ok(text, &rec);
    assert_int_equal(rec.nmoves, (int)n);
    assert_int_equal(rec.moves[n - 1].col, (int)(6 * (n - 1) + 1));
    cm_record_free(&rec);
    free(text);
}

static void test_result_str(void **state)
{
    (void)state;
    const CmVariant *cam = tu_variant("camelot"), *gc = tu_variant("grand-cam");
    char buf[16];
    CmOutcome o = {0, 0, -1, 0, CM_REASON_NONE};

    cm_result_str(cam, &o, buf, sizeof buf);
    assert_string_equal(buf, "*");
    o.over = 1;
    o.draw = 1;
    o.reason = CM_REASON_MATERIAL;
    cm_result_str(cam, &o, buf, sizeof buf);
    assert_string_equal(buf, "draw");
    o.draw = 0;
    o.winner = cam->seat[1].team;
    o.seats = cam->team_seats[o.winner];
    cm_result_str(cam, &o, buf, sizeof buf);
    assert_string_equal(buf, "B");
    int red = cm_variant_seat(gc, 'R');
    o.winner = gc->seat[red].team;
    o.seats = gc->team_seats[o.winner];
    cm_result_str(gc, &o, buf, sizeof buf);
    assert_string_equal(buf, "R+B");
    assert_int_equal(cm_result_str(gc, &o, buf, 2), 3);
    assert_string_equal(buf, "R");
}

/* Writes a game, checks the layout, reads it back and replays it to the same position. */
static void round_trip(const char *variant, int plies)
{
    const CmVariant *v = tu_variant(variant);
    CmGame g, h;
    CmRecord rec;
    CmError err;
    CmTag tags[2];

    play_some(&g, v, plies);
    memset(tags, 0, sizeof tags);
    strcpy(tags[0].name, "White");
    strcpy(tags[0].value, "A \"quoted\" \\ name");
    strcpy(tags[1].name, "Event");
    strcpy(tags[1].value, "test");
    char *text = write_game(&g, tags, 2);

    /* Lines are at most 80 columns; the first move is numbered 1. */
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        assert_non_null(nl);
        assert_true(nl - p <= 80);
        p = nl + 1;
    }
    tu_assert_contains(text, "\n\n1. ");

    parse_ok(text, &rec);
    assert_string_equal(cm_record_tag(&rec, "White"), tags[0].value);
    assert_string_equal(cm_record_tag(&rec, "Event"), "test");
    assert_string_equal(cm_record_tag(&rec, "Variant"), v->name);
    assert_non_null(cm_record_tag(&rec, "Result"));
    assert_string_equal(cm_record_tag(&rec, "Result"), rec.result);
    assert_int_equal(rec.nmoves, g.n);

    assert_int_equal(cm_game_init(&h, v, NULL), CM_OK);
    cm_error_init(&err, "round trip");
    CmStatus st = cm_record_replay(&rec, &h, &err);
    if (st != CM_OK)
        fail_msg("replay: %d at %d:%d: %s\n%s", st, err.line, err.col, err.msg, text);
    assert_int_equal(h.n, g.n);
    assert_true(cm_pos_equal(&h.pos, &g.pos));
    assert_int_equal(h.outcome.over, g.outcome.over);

    /* Writing the replayed game gives the same text. */
    char *again = write_game(&h, tags, 2);
    assert_string_equal(again, text);

    free(again);
    free(text);
    cm_record_free(&rec);
    cm_game_free(&h);
    cm_game_free(&g);
}

static void test_record_write_round_trip(void **state)
{
    (void)state;
    round_trip("camelot", 60);
    round_trip("camette", 30);
    round_trip("grand-cam", 40);
    round_trip("grand-camelot", 40);
    round_trip("chivalry", 3);
}

static void test_record_write_numbers_rounds(void **state)
{
    (void)state;
    CmGame g;
    CmRecord rec;

    /* Two players: one number per White-Black pair. */
    play_some(&g, tu_variant("camelot"), 5);
    char *text = write_game(&g, NULL, 0);
    tu_assert_contains(text, "[Variant \"camelot\"]\n[Result \"*\"]\n\n1. ");
    assert_null(strstr(text, "Termination"));
    parse_ok(text, &rec);
    assert_int_equal(rec.nmoves, 5);
    tu_assert_contains(text, " 2. ");
    tu_assert_contains(text, " 3. ");
    assert_null(strstr(text, " 4. "));
    assert_string_equal(rec.result, "*");
    cm_record_free(&rec);
    free(text);
    cm_game_free(&g);

    /* Four players: one number per round of four moves. */
    play_some(&g, tu_variant("grand-cam"), 9);
    text = write_game(&g, NULL, 0);
    const char *one = strstr(text, "1. "), *two = strstr(text, " 2. "),
               *three = strstr(text, " 3. ");
    assert_non_null(one);
    assert_non_null(two);
    assert_non_null(three);
    int words = 0;
    for (const char *p = one; p < two; p++)
        words += *p == ' ';
    assert_int_equal(words, 4); /* "1. a b c d": four spaces before " 2." */
    free(text);
    cm_game_free(&g);
}

static void test_record_write_truncates(void **state)
{
    (void)state;
    CmGame g;
    char small[20];

    play_some(&g, tu_variant("camelot"), 4);
    size_t need = cm_record_write(&g, NULL, 0, NULL, 0);
    assert_true(need > sizeof small);
    memset(small, 'x', sizeof small);
    assert_int_equal(cm_record_write(&g, NULL, 0, small, sizeof small), need);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, "[Variant \"camelot\"]", sizeof small - 1);
    cm_game_free(&g);
}

static void test_record_write_finished_game(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camette");
    CmGame g;
    CmRecord rec;
    CmMove m;
    CmError err;

    assert_int_equal(cm_game_init(&g, v, NULL), CM_OK);
    cm_error_init(&err, NULL);
    assert_int_equal(cm_move_parse(&g.pos, "C3-C4", &m, &err), CM_OK);
    assert_int_equal(cm_game_play(&g, &m), CM_OK);
    assert_int_equal(cm_move_parse(&g.pos, "C5xC3xC1", &m, &err), CM_OK);
    assert_int_equal(cm_game_play(&g, &m), CM_OK);
    assert_true(g.outcome.over);
    char *text = write_game(&g, NULL, 0);
    assert_string_equal(text, "[Variant \"camette\"]\n[Result \"B\"]\n[Termination \"castle\"]\n"
                              "\n1. C3-C4 C5xC3xC1 B\n");
    parse_ok(text, &rec);
    assert_string_equal(rec.result, "B");
    cm_record_free(&rec);
    free(text);
    cm_game_free(&g);
}

/* Replays 'text' in a new game of 'variant'; returns the status, with 'err' and the plies. */
static CmStatus replay(const char *variant, const char *text, CmError *err, int *plies)
{
    CmRecord rec;
    CmGame g;
    parse_ok(text, &rec);
    assert_int_equal(cm_game_init(&g, tu_variant(variant), NULL), CM_OK);
    cm_error_init(err, "game.txt");
    CmStatus st = cm_record_replay(&rec, &g, err);
    *plies = g.n;
    cm_game_free(&g);
    cm_record_free(&rec);
    return st;
}

static void test_record_replay_illegal_move(void **state)
{
    (void)state;
    CmError err;
    int n;

    /* After 2. E8-E9 Black must capture (F9xD9), so F9-F8 on line 4 is illegal. */
    assert_int_equal(replay("camelot",
                            "[Variant \"camelot\"]\n\n1. E6-E8 F11-F9\n2. E8-E9 "
                            "F9-F8\n3. D6-D5 E11-E10\n",
                            &err, &n),
                     CM_ERR_ILLEGAL);
    assert_int_equal(err.line, 4);
    assert_int_equal(err.col, 10);
    assert_int_equal(n, 3);
    tu_assert_contains(err.msg, "illegal move 'F9-F8': ");
    tu_assert_contains(err.msg, "capture");
    assert_string_equal(err.source, "game.txt");

    /* Canter notation and case are the notation module's business; this one is legal. */
    assert_int_equal(replay("camelot", "1. e6-e8 f11-f9 2. d7^f9 ", &err, &n), CM_ERR_ILLEGAL);
    assert_int_equal(n, 2);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 20);
}

static void test_record_replay_after_the_end(void **state)
{
    (void)state;
    CmError err;
    int n;

    assert_int_equal(replay("camette", "1. C3-C4 C5xC3xC1\n2. D3-C3\n", &err, &n), CM_ERR_ILLEGAL);
    assert_int_equal(n, 2);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 4);
    tu_assert_contains(err.msg, "illegal move 'D3-C3': the game is already over");
    tu_assert_contains(err.msg, "B wins (castle)");
}

static void test_record_replay_checks_result(void **state)
{
    (void)state;
    CmError err;
    int n;

    /* Agreeing tags and token. */
    assert_int_equal(replay("camette",
                            "[Result \"B\"]\n[Termination \"castle\"]\n1. C3-C4 C5xC3xC1 B\n", &err,
                            &n),
                     CM_OK);
    /* A finished game with the wrong result. */
    assert_int_equal(
        replay("camette", "[Event \"x\"]\n[Result \"W\"]\n1. C3-C4 C5xC3xC1\n", &err, &n),
        CM_ERR_SCHEMA);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "'W'");
    tu_assert_contains(err.msg, "B wins (castle)");
    /* '*' for a finished game is wrong too. */
    assert_int_equal(replay("camette", "1. C3-C4 C5xC3xC1 *\n", &err, &n), CM_ERR_SCHEMA);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 19);
    /* A wrong termination. */
    assert_int_equal(
        replay("camette", "[Termination \"elimination\"]\n1. C3-C4 C5xC3xC1\n", &err, &n),
        CM_ERR_SCHEMA);
    assert_int_equal(err.line, 1);
    /* A finished game with no result at all. */
    assert_int_equal(replay("camette", "1. C3-C4\nC5xC3xC1\n", &err, &n), CM_ERR_SCHEMA);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "the game ends B wins (castle) but the record gives no result");
    /* An unfinished game may carry a result decided off the board, if the variant has it. */
    assert_int_equal(replay("camette", "[Result \"W\"]\n1. C3-C4\n", &err, &n), CM_OK);
    assert_int_equal(replay("grand-cam", "[Result \"G+Y\"]\n1. G4-G5\n", &err, &n), CM_OK);
    assert_int_equal(replay("grand-cam", "[Result \"W\"]\n1. G4-G5\n", &err, &n), CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "R+B, G+Y");
    assert_int_equal(replay("camelot", "1. E6-E8 R+B\n", &err, &n), CM_ERR_SCHEMA);
}

/* A game from a position of its own carries it in a 'Position' tag: a position document on one
 * line, read back as the start of the replay; the 128-man Chivalry position needs far more
 * than the 255 bytes of other tags. Without the tag a game starts from the variant's start. */
static void test_record_position_tag(void **state)
{
    (void)state;
    static const char *const files[] = {"chivalry-128.yaml", "lattice.yaml"};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        CmPosition start, back;
        CmGame g, h;
        CmRecord rec;
        CmError err;
        CmMoveList *list = malloc(sizeof *list);
        assert_non_null(list);
        tu_position_file(&start, files[k]);
        start.quiet = 7;
        assert_int_equal(cm_game_init(&g, start.v, &start), CM_OK);
        cm_movegen_all(&g.pos, list);
        assert_true(list->n > 0);
        assert_int_equal(cm_game_play(&g, &list->m[0]), CM_OK);
        char *text = write_game(&g, NULL, 0);
        tu_assert_contains(text, "[Position \"{to_move: ");
        parse_ok(text, &rec);
        assert_true(strlen(cm_record_tag(&rec, "Position")) > 255);
        cm_error_init(&err, "test");
        assert_int_equal(cm_record_start(&rec, start.v, &back, &err), CM_OK);
        assert_true(cm_pos_equal(&back, &start));
        assert_int_equal(back.quiet, 7);
        assert_int_equal(cm_game_init(&h, start.v, &back), CM_OK);
        assert_int_equal(cm_record_replay(&rec, &h, &err), CM_OK);
        assert_int_equal(h.n, 1);
        assert_true(cm_pos_equal(&h.pos, &g.pos));
        char *again = write_game(&h, NULL, 0);
        assert_string_equal(again, text);
        free(again);
        free(text);
        free(list);
        cm_record_free(&rec);
        cm_game_free(&h);
        cm_game_free(&g);
    }

    /* From the start position: no tag, and the start is the variant's. */
    const CmVariant *v = tu_variant("camelot");
    CmPosition pos, want;
    CmGame g;
    CmRecord rec;
    CmError err;
    play_some(&g, v, 4);
    char *text = write_game(&g, NULL, 0);
    assert_null(strstr(text, "Position"));
    parse_ok(text, &rec);
    assert_null(cm_record_tag(&rec, "Position"));
    assert_int_equal(cm_record_start(&rec, v, &pos, &err), CM_OK);
    cm_pos_start(&want, v);
    assert_true(cm_pos_equal(&pos, &want));
    free(text);
    cm_record_free(&rec);
    cm_game_free(&g);
}

/* A 'Position' tag that is not a position document of the variant, or is given twice, or is
 * too long, is refused with its line. */
static void test_record_position_tag_errors(void **state)
{
    (void)state;
    const CmVariant *v = tu_variant("camelot");
    CmRecord rec;
    CmPosition pos;
    CmError err;

    parse_ok("[Variant \"camelot\"]\n[Position \"{to_move: W, pieces: {Q6: WK}}\"]\n*\n", &rec);
    cm_error_init(&err, "test");
    assert_int_equal(cm_record_start(&rec, v, &pos, &err), CM_ERR_SCHEMA);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "tag 'Position': 'Q6' is not a square name");
    cm_record_free(&rec);

    parse_ok("[Position \"{variant: cam, to_move: W, pieces: {E6: WK}}\"]\n*\n", &rec);
    assert_int_not_equal(cm_record_start(&rec, v, &pos, &err), CM_OK);
    tu_assert_contains(err.msg, "tag 'Position': ");
    cm_record_free(&rec);

    parse_fails("[Position \"{to_move: W}\"]\n[Position \"{to_move: B}\"]\n", CM_ERR_SCHEMA, 2, 1,
                "duplicate tag 'Position' (first on line 1)");
    size_t n = CM_RECORD_POSITION_MAX + 32;
    char *big = malloc(n);
    assert_non_null(big);
    memset(big, 'x', n);
    memcpy(big, "[Position \"", 11);
    strcpy(big + n - 4, "\"]\n");
    parse_fails(big, CM_ERR_LIMIT, 1, 12 + CM_RECORD_POSITION_MAX,
                "value of tag 'Position' longer than 16384 bytes");
    free(big);
}

static void test_record_replay_off_board_terminations(void **state)
{
    (void)state;
    CmError err;
    int n;

    /* A resignation and an agreed draw end a game the board did not end. */
    assert_int_equal(
        replay("camette", "[Result \"W\"]\n[Termination \"resignation\"]\n1. C3-C4 W\n", &err, &n),
        CM_OK);
    assert_int_equal(replay("camette",
                            "[Result \"draw\"]\n[Termination \"agreement\"]\n1. C3-C4 draw\n", &err,
                            &n),
                     CM_OK);
    assert_int_equal(replay("grand-cam",
                            "[Result \"G+Y\"]\n[Termination \"resignation\"]\n1. G4-G5\n", &err,
                            &n),
                     CM_OK);
    /* More than two teams: a resignation leaves no winner, written as a draw. */
    assert_int_equal(replay("four-handed-chivalry-solo",
                            "[Result \"draw\"]\n[Termination \"resignation\"]\n", &err, &n),
                     CM_OK);
    /* Not on a board that is over: the board's own ending stands. */
    assert_int_equal(replay("camette",
                            "[Result \"B\"]\n[Termination \"resignation\"]\n1. C3-C4 C5xC3xC1 "
                            "B\n",
                            &err, &n),
                     CM_ERR_SCHEMA);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "says 'resignation' but the game ends B wins (castle)");
    assert_int_equal(replay("camette",
                            "[Result \"draw\"]\n[Termination \"agreement\"]\n1. C3-C4 C5xC3xC1 "
                            "draw\n",
                            &err, &n),
                     CM_ERR_SCHEMA);
    /* A reason of the board's for a game the board did not end. */
    assert_int_equal(
        replay("camette", "[Result \"B\"]\n[Termination \"castle\"]\n1. C3-C4 B\n", &err, &n),
        CM_ERR_SCHEMA);
    assert_int_equal(err.line, 2);
    tu_assert_contains(err.msg, "says 'castle' but the game is not over on the board");
    /* A resignation with no winner, or a draw with two teams; an agreement that is no draw. */
    assert_int_equal(
        replay("camette", "[Result \"*\"]\n[Termination \"resignation\"]\n1. C3-C4 *\n", &err, &n),
        CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "no winner");
    assert_int_equal(replay("camette", "[Termination \"resignation\"]\n1. C3-C4\n", &err, &n),
                     CM_ERR_SCHEMA);
    assert_int_equal(
        replay("camette", "[Result \"draw\"]\n[Termination \"resignation\"]\n1. C3-C4\n", &err, &n),
        CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "with two teams the other one wins");
    assert_int_equal(
        replay("camette", "[Result \"W\"]\n[Termination \"agreement\"]\n1. C3-C4\n", &err, &n),
        CM_ERR_SCHEMA);
    tu_assert_contains(err.msg, "'agreement' (a draw) but the result is 'W'");
    /* Other terminations (a loss on time, a match's adjudication) are left alone. */
    assert_int_equal(
        replay("camette", "[Result \"W\"]\n[Termination \"time\"]\n1. C3-C4\n", &err, &n), CM_OK);
}

/* The largest record that is written is the largest that is read: CM_RECORD_MAX_BYTES. */
static void test_record_fits_the_read_limit(void **state)
{
    (void)state;
    CmError err;
    cm_error_init(&err, "game.txt");
    assert_int_equal(cm_record_fits(0, &err), CM_OK);
    assert_int_equal(cm_record_fits(CM_RECORD_MAX_BYTES, &err), CM_OK);
    assert_int_equal(cm_record_fits(CM_RECORD_MAX_BYTES + 1, &err), CM_ERR_LIMIT);
    assert_int_equal(err.code, CM_ERR_LIMIT);
    assert_string_equal(err.source, "game.txt");
    assert_string_equal(err.msg, "the game is too long to save: its record would be 4194305 "
                                 "bytes, more than the 4 MiB camelot reads back");
    assert_int_equal(cm_record_fits(CM_RECORD_MAX_BYTES + 1, NULL), CM_ERR_LIMIT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_parse_tags),
        cmocka_unit_test(test_record_parse_moves_numbers_comments),
        cmocka_unit_test(test_record_parse_results),
        cmocka_unit_test(test_record_parse_syntax_errors),
        cmocka_unit_test(test_record_parse_limits),
        cmocka_unit_test(test_result_str),
        cmocka_unit_test(test_record_write_round_trip),
        cmocka_unit_test(test_record_write_numbers_rounds),
        cmocka_unit_test(test_record_write_truncates),
        cmocka_unit_test(test_record_write_finished_game),
        cmocka_unit_test(test_record_replay_illegal_move),
        cmocka_unit_test(test_record_replay_after_the_end),
        cmocka_unit_test(test_record_replay_checks_result),
        cmocka_unit_test(test_record_position_tag),
        cmocka_unit_test(test_record_position_tag_errors),
        cmocka_unit_test(test_record_replay_off_board_terminations),
        cmocka_unit_test(test_record_fits_the_read_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
