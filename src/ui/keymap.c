/* Keys to actions, one table per screen mode; what each action does is in control.c.
 * SPDX-License-Identifier: MIT */
#include <stddef.h>

#include "ui_int.h"

typedef struct KeyBind {
    int key;
    UiAction act;
} KeyBind;

/* Moving around: arrows and the vi letters. */
/* clang-format off: key tables read best one binding to a cell */
#define ARROWS                                                                                     \
    {UI_KEY_UP, UI_ACT_UP}, {UI_KEY_DOWN, UI_ACT_DOWN}, {UI_KEY_LEFT, UI_ACT_LEFT},                \
        {UI_KEY_RIGHT, UI_ACT_RIGHT}, {'k', UI_ACT_UP}, {'j', UI_ACT_DOWN}, {'h', UI_ACT_LEFT},    \
    {                                                                                              \
        'l', UI_ACT_RIGHT                                                                          \
    }
#define COMMON                                                                                     \
    {UI_CTRL('l'), UI_ACT_REDRAW},                                                                 \
    {                                                                                              \
        UI_KEY_RESIZE, UI_ACT_RESIZE                                                               \
    }
/* clang-format on */

static const KeyBind play_keys[] = {
    ARROWS,
    COMMON,
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {' ', UI_ACT_SELECT},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {UI_KEY_BACKSPACE, UI_ACT_BACK},
    {':', UI_ACT_TYPE_MOVE},
    {'?', UI_ACT_RULES},
    {UI_KEY_F1, UI_ACT_RULES},
    {'H', UI_ACT_HINT},
    {'n', UI_ACT_NEW},
    {'u', UI_ACT_UNDO},
    {'r', UI_ACT_REDO},
    {UI_CTRL('r'), UI_ACT_REDO},
    {'s', UI_ACT_SAVE},
    {'L', UI_ACT_LOAD},
    {'q', UI_ACT_QUIT},
    {UI_CTRL('c'), UI_ACT_QUIT},
    {'m', UI_ACT_MOVE_NOW},
    {'R', UI_ACT_RESIGN},
    {'D', UI_ACT_DRAW},
    {'T', UI_ACT_HIGHLIGHT},
    {'f', UI_ACT_FLIP},
    {'v', UI_ACT_REVIEW},
    {'e', UI_ACT_EDIT},
    {'x', UI_ACT_EXPORT},
    {'p', UI_ACT_PAUSE},
    {'<', UI_ACT_PACE_DOWN},
    {'>', UI_ACT_PACE_UP},
    {'[', UI_ACT_SCROLL_UP},
    {']', UI_ACT_SCROLL_DOWN},
    {UI_KEY_PGUP, UI_ACT_SCROLL_UP},
    {UI_KEY_PGDN, UI_ACT_SCROLL_DOWN},
    {'c', UI_ACT_CHAT},
    {'C', UI_ACT_CLAIM},
    {'A', UI_ACT_ANALYSIS},
    {UI_KEY_HOME, UI_ACT_HOME},
    {UI_KEY_END, UI_ACT_END},
};

static const KeyBind edit_keys[] = {
    ARROWS,
    COMMON,
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {' ', UI_ACT_SELECT},
    {UI_KEY_BACKSPACE, UI_ACT_BACK},
    {UI_KEY_DELETE, UI_ACT_BACK},
    {'t', UI_ACT_TURN},
    {'c', UI_ACT_CASTLE},
    {'C', UI_ACT_EMPTY},
    {'S', UI_ACT_START},
    {'d', UI_ACT_DONE},
    {'x', UI_ACT_EXPORT},
    {'?', UI_ACT_RULES},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_CANCEL},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind line_keys[] = {
    COMMON,
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {UI_KEY_BACKSPACE, UI_ACT_BACK},
    {UI_KEY_DELETE, UI_ACT_BACK},
    {UI_CTRL('c'), UI_ACT_CANCEL},
    {':', UI_ACT_TYPE_MOVE}, /* no move has a ':': the line starts afresh */
};

static const KeyBind page_keys[] = {
    COMMON,
    {UI_KEY_UP, UI_ACT_UP},
    {UI_KEY_DOWN, UI_ACT_DOWN},
    {'k', UI_ACT_UP},
    {'j', UI_ACT_DOWN},
    {UI_KEY_PGUP, UI_ACT_SCROLL_UP},
    {UI_KEY_PGDN, UI_ACT_SCROLL_DOWN},
    {' ', UI_ACT_SCROLL_DOWN},
    {'b', UI_ACT_SCROLL_UP},
    {UI_KEY_HOME, UI_ACT_HOME},
    {UI_KEY_END, UI_ACT_END},
    {'g', UI_ACT_HOME},
    {'G', UI_ACT_END},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_CANCEL},
    {'?', UI_ACT_CANCEL},
    {UI_KEY_ENTER, UI_ACT_CANCEL},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind form_keys[] = {
    ARROWS,
    COMMON,
    {UI_KEY_TAB, UI_ACT_NEXT_FIELD},
    {UI_KEY_BTAB, UI_ACT_PREV_FIELD},
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {' ', UI_ACT_RIGHT},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_CANCEL},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind load_keys[] = {
    COMMON,
    {UI_KEY_UP, UI_ACT_UP},
    {UI_KEY_DOWN, UI_ACT_DOWN},
    {'k', UI_ACT_UP},
    {'j', UI_ACT_DOWN},
    {UI_KEY_PGUP, UI_ACT_SCROLL_UP},
    {UI_KEY_PGDN, UI_ACT_SCROLL_DOWN},
    {UI_KEY_HOME, UI_ACT_HOME},
    {UI_KEY_END, UI_ACT_END},
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {' ', UI_ACT_SELECT},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_CANCEL},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind over_keys[] = {
    COMMON,
    {'n', UI_ACT_NEW},
    {'v', UI_ACT_REVIEW},
    {'r', UI_ACT_REVIEW},
    {'a', UI_ACT_ANALYSE},
    {'q', UI_ACT_QUIT},
    {UI_CTRL('c'), UI_ACT_QUIT},
    {'u', UI_ACT_UNDO},
    {'s', UI_ACT_SAVE},
    {'L', UI_ACT_LOAD},
    {'e', UI_ACT_EDIT},
    {'x', UI_ACT_EXPORT},
    {'?', UI_ACT_RULES},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {UI_KEY_ENTER, UI_ACT_CANCEL},
    {'[', UI_ACT_SCROLL_UP},
    {']', UI_ACT_SCROLL_DOWN},
    {'m', UI_ACT_REMATCH},
    {'c', UI_ACT_CHAT},
    {'A', UI_ACT_ANALYSIS},
};

/* The lobby of a server. */
static const KeyBind lobby_keys[] = {
    COMMON,
    {UI_KEY_UP, UI_ACT_UP},
    {UI_KEY_DOWN, UI_ACT_DOWN},
    {'k', UI_ACT_UP},
    {'j', UI_ACT_DOWN},
    {UI_KEY_LEFT, UI_ACT_LEFT},
    {UI_KEY_RIGHT, UI_ACT_RIGHT},
    {UI_KEY_PGUP, UI_ACT_SCROLL_UP},
    {UI_KEY_PGDN, UI_ACT_SCROLL_DOWN},
    {UI_KEY_HOME, UI_ACT_HOME},
    {UI_KEY_END, UI_ACT_END},
    {UI_KEY_ENTER, UI_ACT_SELECT},
    {' ', UI_ACT_SELECT},
    {'n', UI_ACT_NEW},
    {'d', UI_ACT_LEAVE},
    {UI_KEY_DELETE, UI_ACT_LEAVE},
    {'W', UI_ACT_SEAT},
    {'B', UI_ACT_SEAT},
    {'R', UI_ACT_SEAT},
    {'G', UI_ACT_SEAT},
    {'Y', UI_ACT_SEAT},
    {'g', UI_ACT_RATINGS},
    {UI_KEY_TAB, UI_ACT_RATINGS},
    {'K', UI_ACT_KEYS},
    {'h', UI_ACT_HISTORY},
    {'p', UI_ACT_PROFILE},
    {'t', UI_ACT_TOURNEYS},
    {'e', UI_ACT_ENTER},
    {'x', UI_ACT_EXPORT},
    {'r', UI_ACT_REFRESH},
    {'?', UI_ACT_RULES},
    {UI_KEY_F1, UI_ACT_RULES},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_QUIT},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind review_keys[] = {
    COMMON,
    {UI_KEY_LEFT, UI_ACT_LEFT},
    {UI_KEY_RIGHT, UI_ACT_RIGHT},
    {UI_KEY_UP, UI_ACT_LEFT},
    {UI_KEY_DOWN, UI_ACT_RIGHT},
    {'h', UI_ACT_LEFT},
    {'l', UI_ACT_RIGHT},
    {'k', UI_ACT_LEFT},
    {'j', UI_ACT_RIGHT},
    {' ', UI_ACT_RIGHT},
    {UI_KEY_BACKSPACE, UI_ACT_LEFT},
    {UI_KEY_HOME, UI_ACT_HOME},
    {UI_KEY_END, UI_ACT_END},
    {'g', UI_ACT_HOME},
    {'G', UI_ACT_END},
    {UI_KEY_ESC, UI_ACT_CANCEL},
    {'q', UI_ACT_CANCEL},
    {'v', UI_ACT_CANCEL},
    {UI_KEY_ENTER, UI_ACT_CANCEL},
    {'n', UI_ACT_NEW},
    {'f', UI_ACT_FLIP},
    {'?', UI_ACT_RULES},
    {UI_KEY_F1, UI_ACT_RULES},
    {']', UI_ACT_NEXT_MARK},
    {'[', UI_ACT_PREV_MARK},
    {'m', UI_ACT_MISTAKES},
    {'A', UI_ACT_ANALYSIS},
    {UI_CTRL('c'), UI_ACT_QUIT},
};

static const KeyBind ask_keys[] = {
    COMMON,           {'y', UI_ACT_YES},       {'Y', UI_ACT_YES},           {'n', UI_ACT_NO},
    {'N', UI_ACT_NO}, {UI_KEY_ESC, UI_ACT_NO}, {UI_CTRL('c'), UI_ACT_QUIT},
};

/* clang-format off */
#define TABLE(t) {t, sizeof t / sizeof t[0]}
/* clang-format on */
static const struct {
    const KeyBind *b;
    size_t n;
} tables[UI_MODE_COUNT] = {
    [UI_MODE_PLAY] = TABLE(play_keys),     [UI_MODE_LINE] = TABLE(line_keys),
    [UI_MODE_RULES] = TABLE(page_keys),    [UI_MODE_NEWGAME] = TABLE(form_keys),
    [UI_MODE_LOAD] = TABLE(load_keys),     [UI_MODE_OVER] = TABLE(over_keys),
    [UI_MODE_REVIEW] = TABLE(review_keys), [UI_MODE_EDIT] = TABLE(edit_keys),
    [UI_MODE_ASK] = TABLE(ask_keys),       [UI_MODE_LOBBY] = TABLE(lobby_keys),
};

int ui_keys_bound(UiMode mode, int *keys, int max)
{
    if (mode < 0 || mode >= UI_MODE_COUNT)
        return 0;
    int n = (int)tables[mode].n;
    for (int i = 0; i < n && i < max; i++)
        keys[i] = tables[mode].b[i].key;
    return n;
}

UiAction ui_key_action(UiMode mode, int key)
{
    if (mode < 0 || mode >= UI_MODE_COUNT)
        return UI_ACT_NONE;
    for (size_t i = 0; i < tables[mode].n; i++)
        if (tables[mode].b[i].key == key)
            return tables[mode].b[i].act;
    /* A line takes any printable character that has no other use (beyond ASCII for chat and
     * paths: a move has none). */
    if (mode == UI_MODE_LINE && ((key >= 0x20 && key < 0x7f) || (key >= 0xa0 && key < 0x110000)))
        return UI_ACT_CHAR;
    return UI_ACT_NONE;
}
