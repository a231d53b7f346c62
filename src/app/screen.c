/* How the full screen looks, for every command that opens it: from the command's flags, the
 * settings file and the environment.
 * SPDX-License-Identifier: MIT */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ui/ui.h"

void cli_screen_options(const CliScreenFlags *f, const SessionConfig *conf, UiOptions *opt)
{
    /* A setting the file does not make is -1: the default. */
    int ascii = conf != NULL ? conf->ascii : -1, colours = conf != NULL ? conf->colours : -1,
        highlight = conf != NULL ? conf->highlight : -1, mouse = conf != NULL ? conf->mouse : -1,
        flip = conf != NULL ? conf->flip : -1;
    const char *no_color = getenv("NO_COLOR");
    memset(opt, 0, sizeof *opt);
    setlocale(LC_ALL, "");
    opt->ascii = f->ascii || ascii == 1 || strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
    opt->color = (no_color == NULL || no_color[0] == '\0') && colours != 0;
    opt->highlight = !f->no_highlight && highlight != 0;
    opt->flip = f->flip || (f->may_flip && flip == 1);
    opt->mouse = !f->no_mouse && mouse != 0;
}
