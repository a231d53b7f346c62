/* Keys and the mouse from curses, turned into the front end's key codes ('UI_KEY_*') and
 * clicks. One of the three files that include curses.
 * SPDX-License-Identifier: MIT */
#include <curses.h>

#include "curses_int.h"

int ui_input_read(int *key_out, int *y_out, int *x_out)
{
    wint_t ch;
    int r = wget_wch(stdscr, &ch);

    if (r == ERR)
        return UI_IN_NONE;
    if (r == OK) {
        switch (ch) {
        case '\n':
        case '\r':
            *key_out = UI_KEY_ENTER;
            break;
        case 27:
            *key_out = UI_KEY_ESC;
            break;
        case 127:
        case 8:
            *key_out = UI_KEY_BACKSPACE;
            break;
        case '\t':
            *key_out = UI_KEY_TAB;
            break;
        default:
            *key_out = (int)ch;
        }
        return UI_IN_KEY;
    }
    switch (ch) {
    case KEY_UP:
        *key_out = UI_KEY_UP;
        break;
    case KEY_DOWN:
        *key_out = UI_KEY_DOWN;
        break;
    case KEY_LEFT:
        *key_out = UI_KEY_LEFT;
        break;
    case KEY_RIGHT:
        *key_out = UI_KEY_RIGHT;
        break;
    case KEY_ENTER:
        *key_out = UI_KEY_ENTER;
        break;
    case KEY_BACKSPACE:
        *key_out = UI_KEY_BACKSPACE;
        break;
    case KEY_DC:
        *key_out = UI_KEY_DELETE;
        break;
    case KEY_PPAGE:
        *key_out = UI_KEY_PGUP;
        break;
    case KEY_NPAGE:
        *key_out = UI_KEY_PGDN;
        break;
    case KEY_HOME:
        *key_out = UI_KEY_HOME;
        break;
    case KEY_END:
        *key_out = UI_KEY_END;
        break;
    case KEY_BTAB:
        *key_out = UI_KEY_BTAB;
        break;
    case KEY_F(1):
        *key_out = UI_KEY_F1;
        break;
    case KEY_RESIZE:
        return UI_IN_RESIZE;
    case KEY_MOUSE: {
        MEVENT ev;
        if (getmouse(&ev) != OK)
            return UI_IN_NONE;
        if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
            *y_out = ev.y;
            *x_out = ev.x;
            return UI_IN_CLICK;
        }
#ifdef BUTTON5_PRESSED
        if (ev.bstate & BUTTON4_PRESSED) {
            *key_out = UI_KEY_PGUP;
            return UI_IN_KEY;
        }
        if (ev.bstate & BUTTON5_PRESSED) {
            *key_out = UI_KEY_PGDN;
            return UI_IN_KEY;
        }
#endif
        return UI_IN_NONE;
    }
    default:
        return UI_IN_NONE;
    }
    return UI_IN_KEY;
}

void ui_input_mouse(int on)
{
    mmask_t mask = on ? BUTTON1_PRESSED | BUTTON1_CLICKED : 0;
#ifdef BUTTON5_PRESSED
    if (on)
        mask |= BUTTON4_PRESSED | BUTTON5_PRESSED;
#endif
    mousemask(mask, NULL);
    mouseinterval(0);
}
