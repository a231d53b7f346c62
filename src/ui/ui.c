/* The screen's public face (ui.h): screens made and freed for the program, and what it asks
 * of them. The screen itself is control.c and the files it names.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "ui_int.h"

/* 'ui' (NULL when it could not be had) once set up with status 'st'. */
static Ui *made(Ui *ui, CmStatus st)
{
    if (ui != NULL && st != CM_OK) {
        free(ui);
        return NULL;
    }
    return ui;
}

Ui *ui_new(Session *s, const UiOptions *opt)
{
    Ui *ui = malloc(sizeof *ui);
    return made(ui, ui != NULL ? ui_init(ui, s, opt) : CM_ERR_NOMEM);
}

Ui *ui_new_online(Session *s, Lobby *l, const UiOptions *opt)
{
    Ui *ui = malloc(sizeof *ui);
    return made(ui, ui != NULL ? ui_init_online(ui, s, l, opt) : CM_ERR_NOMEM);
}

void ui_delete(Ui *ui)
{
    if (ui == NULL)
        return;
    ui_free(ui);
    free(ui);
}

int ui_wants_review(Ui *ui)
{
    int want = ui->want_analysis;
    ui->want_analysis = 0;
    return want;
}

const UiOptions *ui_options(const Ui *ui)
{
    return &ui->opt;
}

Lobby *ui_lobby(const Ui *ui)
{
    return ui->lobby;
}

void ui_note(Ui *ui, int error, const char *text)
{
    ui_message(ui, error ? UI_ROLE_ERROR : UI_ROLE_DIM, "%s", text);
}

UiReview *ui_review_new(const CmGame *game, const AnalysisPly *plies, const UiOptions *opt,
                        const char *name, Lobby *keep)
{
    UiReview *r = malloc(sizeof *r);
    if (r == NULL)
        return NULL;
    ui_review_init(r, game, plies, opt, name);
    r->keep = keep;
    return r;
}

void ui_review_delete(UiReview *r)
{
    if (r == NULL)
        return;
    ui_review_free(r);
    free(r);
}

void ui_review_progress(UiReview *r, int done)
{
    r->done = done;
}
