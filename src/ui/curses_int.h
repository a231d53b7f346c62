/* What the three curses files of the front end share: reading input (curses_input.c),
 * drawing (curses_draw.c) and the colour roles (curses_screen.c). Include after <curses.h>.
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CURSES_INT_H
#define CAMELOT_CURSES_INT_H

#include "ui_int.h"

/* What 'ui_input_read' got. */
enum { UI_IN_NONE, UI_IN_KEY, UI_IN_CLICK, UI_IN_RESIZE };

/* Reads a key, a click or a resize (waiting as long as the curses timeout). Fills '*key_out'
 * for a key, '*y_out' and '*x_out' for a click. */
int ui_input_read(int *key_out, int *y_out, int *x_out);

/* Turns mouse reporting on or off. */
void ui_input_mouse(int on);

/* The curses attributes (colour pair included) of a role, and of a square's look. */
attr_t ui_role_attr(int role);
attr_t ui_look_attr(const UiCellLook *look);

/* Draws the whole screen for 'ui' at time 'now' into the curses buffer and shows it. */
void ui_draw(Ui *ui, unsigned flags, uint64_t now);

/* Draws the review screen (its board, graph and the ply under the cursor) and shows it. */
void ui_review_draw(UiReview *r, unsigned flags);

#endif
