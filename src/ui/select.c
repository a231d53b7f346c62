/* Building a move on the board leap by leap: from the legal paths of the picked piece
 * ('cm_movegen_paths'), the landings that continue the path chosen so far, and whether that
 * path is already a whole move.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ui_int.h"

static int extend(void *ud, const CmPath *path, const CmMove *effect)
{
    UiSelection *sel = ud;
    const CmPath *pre = &sel->path;

    if (path->sq[0] != pre->sq[0] || path->n < pre->n)
        return 0;
    for (int i = 1; i < pre->n; i++)
        if (path->sq[i] != pre->sq[i])
            return 0;
    if (path->n == pre->n) {
        sel->complete = 1;
        sel->move = *effect;
    } else {
        cm_set_add(&sel->next, path->sq[pre->n]);
        sel->npaths++;
    }
    return 0;
}

void ui_select_update(const CmPosition *pos, UiSelection *sel)
{
    memset(&sel->next, 0, sizeof sel->next);
    memset(&sel->captured, 0, sizeof sel->captured);
    sel->complete = 0;
    sel->npaths = 0;
    if (!sel->active || sel->path.n < 1)
        return;
    /* Captured so far: the squares jumped over. */
    for (int i = 1; i < sel->path.n; i++)
        if (sel->path.jump[i])
            cm_set_add(&sel->captured, (unsigned)((sel->path.sq[i - 1] + sel->path.sq[i]) / 2));
    cm_movegen_paths(pos, NULL, 1 << 30, extend, sel);
}
