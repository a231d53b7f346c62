/* Fuzz target: the full-screen game's keys and clicks, through the pure part of the front end
 * (no terminal), as tests/test_ui_keys.c drives it. Bytes 0-3 set up the game: the variant and
 * the screen's options, a time control, the terminal's rows and columns. Then each byte is a
 * key, decoded as curses_input.c does (Enter, Esc, Backspace and Tab from their control
 * codes; 0x80-0x8e the special keys), or one of these, with the bytes that follow it:
 *   0x8f ROWS COLS   the terminal is resized
 *   0x90 Y X         a click (button 1) at a screen cell
 *   0x91 T           time passes: T tenths of a second, then a tick
 *   0x92 B0 B1 B2 B3 any int as a key, little-endian
 *   0x93 LO HI       a character past ASCII, 0x80 + LO + 256 * HI
 * Before each key the screen ticks, and after it what the screen would draw is worked out as
 * curses_draw.c asks for it: its lines of text after every key, and the looks of the squares
 * (many, and slow to work out) once, at the end. Every state of the screen is the end of some
 * input: of a shorter one, at least. The game has no engine (people play every seat) and no
 * data directory (no autosave). A game saved under a typed name goes to the sandbox
 * (fuzz_common.h), and every '/' typed becomes '_', so that a name is never a path. Checked
 * after each key: the mode, the cursor, the typed line and the move list are sound; at the
 * end, the session's game replays move by move.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ui/ui_int.h"

#define MAX_LINES 200 /* lines of a panel or box, as curses_draw.c has them */
#define OP_RESIZE 0x8f
#define OP_CLICK 0x90
#define OP_TICK 0x91
#define OP_INT 0x92
#define OP_WIDE 0x93

static Catalog catalog;
static int ready;

/* Reads the bytes of the input one by one; past its end, zeros. */
typedef struct Reader {
    const uint8_t *data;
    size_t size, at;
} Reader;

static unsigned next(Reader *r)
{
    return r->at < r->size ? r->data[r->at++] : 0;
}

/* '/' typed as '_': a name typed for a save stays a name in the sandbox. */
static int no_slash(int key)
{
    return key == '/' ? '_' : key;
}

/* A key byte as curses_input.c hands it over. */
static int decode_key(unsigned b)
{
    switch (b) {
    case '\n':
    case '\r':
        return UI_KEY_ENTER;
    case 27:
        return UI_KEY_ESC;
    case 127:
    case 8:
        return UI_KEY_BACKSPACE;
    case '\t':
        return UI_KEY_TAB;
    default:
        return b >= 0x80 && b < OP_RESIZE ? UI_KEY_UP + (int)(b - 0x80) : (int)b;
    }
}

static void check_lines(const UiLine *lines, int n, int max)
{
    FUZZ_CHECK(n >= 0 && n <= max);
    for (int i = 0; i < n; i++)
        FUZZ_CHECK(memchr(lines[i].text, '\0', sizeof lines[i].text) != NULL);
}

/* Works out what the screen would draw now, as 'ui_draw' does; the looks of the squares only
 * with 'board'. */
static void render(const Ui *ui, uint64_t now, int board)
{
    static UiLine lines[MAX_LINES];
    char text[UI_MSG_MAX + 64], keys[UI_KEYS_MAX];
    static UiFoot foot;
    const UiLayout *l = &ui->lay;
    const CmVariant *v = ui->s->v;

    FUZZ_CHECK(ui_keys_text(ui, keys, sizeof keys) != NULL);
    if (ui->mode == UI_MODE_RULES && ui->page != NULL) {
        FUZZ_CHECK(ui->page_top >= 0 && ui->page_top <= ui->page_lines);
        return;
    }
    if (l->too_small)
        return;
    if (ui->mode == UI_MODE_NEWGAME) {
        check_lines(lines, ui_form_lines(ui, lines, MAX_LINES), MAX_LINES);
        return;
    }
    if (ui->mode == UI_MODE_LOAD) {
        int max = l->rows - 2 < MAX_LINES ? l->rows - 2 : MAX_LINES;
        check_lines(lines, ui_load_lines(ui, lines, max), max > 0 ? max : 0);
        return;
    }
    if (l->title_y >= 0)
        ui_title_text(ui, text, sizeof text);
    for (int r = 0; r < v->ranks && board; r++) {
        for (int f = 0; f < v->files; f++) {
            UiCellLook look;
            ui_square_look(ui, CM_SQ(f, r), &look);
            FUZZ_CHECK(memchr(look.glyph, '\0', sizeof look.glyph) != NULL);
            FUZZ_CHECK(look.role >= 0 && look.role < UI_ROLE_COUNT);
            FUZZ_CHECK(look.fill >= 0 && look.fill < UI_ROLE_COUNT);
        }
    }
    if (l->panel_w > 0) {
        int max = l->panel_h < MAX_LINES ? l->panel_h : MAX_LINES;
        check_lines(lines, ui_panel_lines(ui, now, l->panel_w - 2, lines, max), max);
    }
    ui_foot(ui, &foot);
    FUZZ_CHECK(foot.n >= 0 && foot.n <= UI_FOOT_MAX);
    for (int i = 0; i < foot.n; i++) {
        FUZZ_CHECK(foot.line[i].y >= 0 && foot.line[i].y < l->rows);
        FUZZ_CHECK(foot.line[i].len >= 0 && foot.line[i].len <= l->cols);
        FUZZ_CHECK(foot.line[i].len <= (int)strlen(foot.line[i].text));
    }
    if (ui->mode == UI_MODE_OVER)
        check_lines(lines, ui_over_lines(ui, lines, MAX_LINES), MAX_LINES);
}

/* What holds after every key. */
static void check_ui(const Ui *ui)
{
    const Session *s = ui->s;
    FUZZ_CHECK(ui->mode >= 0 && ui->mode < UI_MODE_COUNT);
    FUZZ_CHECK(cm_variant_on(s->v, ui->cursor));
    FUZZ_CHECK(ui->line_len >= 0 && ui->line_len < UI_LINE_MAX && ui->line[ui->line_len] == '\0');
    FUZZ_CHECK(ui->nmoves >= 0 && ui->nmoves <= s->g.n);
    for (int i = 0; i < ui->nmoves; i++)
        FUZZ_CHECK(cm_move_same(&ui->moves[i].move, &s->g.ply[i].move));
    if (ui->mode == UI_MODE_REVIEW)
        FUZZ_CHECK(ui->review_ply >= 0 && ui->review_ply <= s->g.n);
    FUZZ_CHECK(ui->nlegal >= 0 && ui->nlegal <= CM_MOVES_LIMIT);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Session s;
    static Ui ui;
    Reader r = {data, size, 0};
    SessionEnv env = {&catalog, NULL, NULL};
    SessionSetup setup;
    UiOptions opt;
    CmError err;
    uint64_t now = 1000;

    if (!ready) {
        catalog_init(&catalog);
        fuzz_sandbox_init("keys");
        ready = 1;
    }
    unsigned b0 = next(&r), tc = next(&r), rows = next(&r), cols = next(&r);
    const CmVariant *v = catalog_get(&catalog, fuzz_variant_names[b0 % FUZZ_NVARIANTS], NULL, &err);
    if (v == NULL)
        abort();
    setup_default(&setup, v, NULL);
    if (tc != 0) {
        setup.time_base_ms = (int64_t)(tc & 0x3f) * 1000 + 100;
        setup.time_inc_ms = (int64_t)(tc >> 6) * 1000;
    }
    session_init(&s, &env);
    if (session_start(&s, v, &setup, NULL) != CM_OK)
        abort();
    memset(&opt, 0, sizeof opt);
    opt.ascii = (b0 >> 3) & 1;
    opt.color = (b0 >> 4) & 1;
    opt.color256 = (b0 >> 5) & 1;
    opt.highlight = (b0 >> 6) & 1;
    opt.flip = (b0 >> 7) & 1;
    opt.mouse = 1;
    if (ui_init(&ui, &s, &opt) != CM_OK)
        abort();
    ui_resize(&ui, 1 + (int)rows, 1 + (int)cols);
    render(&ui, now, 0);
    fuzz_sandbox_enter();

    while (r.at < r.size) {
        unsigned b = next(&r), flags = 0;
        now += 1;
        ui_tick(&ui, now);
        if (b == OP_RESIZE) {
            unsigned y = next(&r), x = next(&r);
            flags = ui_resize(&ui, 1 + (int)y, 1 + (int)x);
        } else if (b == OP_CLICK) {
            unsigned y = next(&r), x = next(&r);
            flags = ui_handle_click(&ui, (int)y, (int)x, now);
        } else if (b == OP_TICK) {
            now += 100 * (uint64_t)next(&r);
            flags = ui_tick(&ui, now);
        } else if (b == OP_INT) {
            unsigned k = next(&r);
            k |= next(&r) << 8;
            k |= next(&r) << 16;
            k |= next(&r) << 24;
            flags = ui_handle_key(&ui, no_slash((int)k), now);
        } else if (b == OP_WIDE) {
            unsigned lo = next(&r);
            flags = ui_handle_key(&ui, 0x80 + (int)lo + 256 * (int)next(&r), now);
        } else {
            flags = ui_handle_key(&ui, no_slash(decode_key(b)), now);
        }
        check_ui(&ui);
        if (flags & UI_QUIT)
            break;
        render(&ui, now, 0);
    }
    render(&ui, now, 1);
    fuzz_sandbox_leave();
    fuzz_check_game(&s.g);
    ui_free(&ui);
    session_free(&s);
    return 0;
}
