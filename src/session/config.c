/* The settings file: its lines read into settings, each value checked as the option of the
 * same name checks it, an error at its line and column. The file itself is src/io's.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/engine.h"
#include "config.h"
#include "io/io.h"
#include "session.h"

#define LINE_MAX_BYTES 1024 /* a longer line is an error */

void config_init(SessionConfig *c)
{
    memset(c, 0, sizeof *c);
    c->ascii = c->highlight = c->mouse = c->colours = c->flip = c->quiet = -1;
}

/* The settings, for the message of an unknown one. */
static const char settings_list[] =
    "variant, seat, time, pace, threads, ascii, highlight, mouse, colours, flip, quiet";

/* Reads a yes or a no. Returns 1 or 0, or -1 when 'v' is neither. */
static int yes_no(const char *v)
{
    static const char *const yes[] = {"yes", "on", "true"}, *const no[] = {"no", "off", "false"};
    for (int i = 0; i < 3; i++) {
        if (strcmp(v, yes[i]) == 0)
            return 1;
        if (strcmp(v, no[i]) == 0)
            return 0;
    }
    return -1;
}

/* One setting, 'name' = 'value' (both NUL-terminated), of line 'line' whose value starts at
 * column 'col'. */
static CmStatus setting(SessionConfig *c, const char *name, const char *value, int line, int col,
                        CmError *err)
{
    struct {
        const char *name;
        int *flag;
    } flags[] = {{"ascii", &c->ascii},     {"highlight", &c->highlight}, {"mouse", &c->mouse},
                 {"colours", &c->colours}, {"flip", &c->flip},           {"quiet", &c->quiet}};
    char why[300];

    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strcmp(name, flags[i].name) != 0)
            continue;
        if ((*flags[i].flag = yes_no(value)) < 0)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col, "'%s' is yes or no, not '%.60s'",
                                name, value);
        return CM_OK;
    }
    if (strcmp(name, "variant") == 0) {
        if (strlen(value) >= sizeof c->variant)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col, "the variant's name is too long");
        snprintf(c->variant, sizeof c->variant, "%s", value);
    } else if (strcmp(name, "seat") == 0) {
        const char *eq = strchr(value, '=');
        if (eq == NULL || eq - value != 1)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                                "bad seat '%.60s' (expected e.g. W=human or B=engine:7)", value);
        if (c->nseats == CONFIG_SEATS)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col, "more than %d 'seat' lines",
                                CONFIG_SEATS);
        ConfigSeat *s = &c->seat[c->nseats];
        if (setup_player(eq + 1, value, &s->who, why, sizeof why) != 0)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col + 2, "%s", why);
        s->letter = value[0];
        c->nseats++;
    } else if (strcmp(name, "time") == 0) {
        if (setup_parse_time(value, &c->time_base_ms, &c->time_inc_ms) != 0)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                                "bad time control '%.60s' (e.g. 10+5: ten minutes, five "
                                "seconds a move)",
                                value);
        c->has_time = 1;
    } else if (strcmp(name, "pace") == 0) {
        if (!setup_parse_seconds(value, value + strlen(value), &c->pace_ms) ||
            c->pace_ms > SESSION_PACE_MAX_MS)
            return cm_error_set(err, CM_ERR_SCHEMA, line, col,
                                "bad pace '%.60s' (seconds from 0 to %d, such as 1.5)", value,
                                SESSION_PACE_MAX_MS / 1000);
        c->has_pace = 1;
    } else if (strcmp(name, "threads") == 0) {
        if (!setup_parse_int(value, 1, CM_ENGINE_MAX_THREADS, &c->threads))
            return cm_error_set(err, CM_ERR_SCHEMA, line, col, "bad thread count '%.60s' (1 to %d)",
                                value, CM_ENGINE_MAX_THREADS);
    } else {
        return cm_error_set(err, CM_ERR_SCHEMA, line, 1, "unknown setting '%.60s' (settings: %s)",
                            name, settings_list);
    }
    return CM_OK;
}

/* Whether 'ch' may be in a setting's name. */
static int name_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '-' || ch == '_';
}

CmStatus config_parse(const char *text, size_t len, SessionConfig *c, CmError *err)
{
    char buf[LINE_MAX_BYTES + 1];
    size_t at = 0;
    int line = 0;

    config_init(c);
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        line++;
        size_t n = end - at;
        if (n > 0 && text[at + n - 1] == '\r')
            n--; /* a file written on Windows */
        if (n > LINE_MAX_BYTES)
            return cm_error_set(err, CM_ERR_SYNTAX, line, LINE_MAX_BYTES + 1,
                                "a line longer than %d bytes", LINE_MAX_BYTES);
        memcpy(buf, text + at, n);
        buf[n] = '\0';
        at = end + 1;
        if (memchr(buf, '\0', n) != NULL)
            return cm_error_set(err, CM_ERR_SYNTAX, line, (int)strlen(buf) + 1,
                                "a NUL byte: the settings file is text");
        /* NAME = VALUE, blanks around each allowed. */
        size_t i = 0;
        while (buf[i] == ' ' || buf[i] == '\t')
            i++;
        if (buf[i] == '\0' || buf[i] == '#')
            continue;
        size_t name = i;
        while (name_char(buf[i]))
            i++;
        size_t name_end = i;
        while (buf[i] == ' ' || buf[i] == '\t')
            i++;
        if (name_end == name || buf[i] != '=')
            return cm_error_set(err, CM_ERR_SYNTAX, line, (int)i + 1,
                                name_end == name ? "expected a setting's name"
                                                 : "expected '=' after the setting's name");
        i++;
        while (buf[i] == ' ' || buf[i] == '\t')
            i++;
        size_t value = i, value_end = n;
        while (value_end > value && (buf[value_end - 1] == ' ' || buf[value_end - 1] == '\t'))
            value_end--;
        if (value_end == value)
            return cm_error_set(err, CM_ERR_SYNTAX, line, (int)value + 1,
                                "expected a value after '='");
        buf[name_end] = '\0';
        buf[value_end] = '\0';
        CmStatus st = setting(c, buf + name, buf + value, line, (int)value + 1, err);
        if (st != CM_OK)
            return st;
    }
    return CM_OK;
}

CmStatus config_load(SessionConfig *c, char **text_out, size_t *len_out, CmError *err)
{
    char path[IO_PATH_MAX];
    char *text = NULL;
    size_t len = 0;

    config_init(c);
    if (text_out != NULL)
        *text_out = NULL;
    /* No home at all: no settings either, as for a file that is not there. */
    if (io_config_path(path, sizeof path, err) != CM_OK || !io_exists(path))
        return CM_OK;
    CmStatus st = io_read_file(path, CONFIG_MAX_BYTES, &text, &len, err);
    if (st != CM_OK)
        return st;
    cm_error_init(err, path);
    st = config_parse(text, len, c, err);
    if (st == CM_OK)
        snprintf(c->path, sizeof c->path, "%s", path);
    if (st != CM_OK && text_out != NULL) {
        *text_out = text;
        *len_out = len;
    } else {
        free(text);
    }
    return st;
}

void config_seats(const SessionConfig *c, const CmVariant *v, SessionSetup *setup)
{
    for (int i = 0; i < c->nseats; i++) {
        int seat = cm_variant_seat(v, c->seat[i].letter);
        if (seat >= 0)
            setup->seat[seat] = c->seat[i].who;
    }
}
