/* Settings that last: the settings file ('$XDG_CONFIG_HOME/camelot/camelot.conf'), read as
 * the program starts, gives defaults for the options of the command line that make sense as
 * one (the variant, the seats and their levels, the clocks, the pace, the engine's threads and
 * the look of the screen). One setting a line, 'NAME = VALUE'; a line whose first character
 * that is not a blank is '#' is a comment. An error names its line and column. See
 * docs/playing.md, "Settings".
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_CONFIG_H
#define CAMELOT_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/error.h"
#include "setup.h"

#define CONFIG_MAX_BYTES (64 * 1024) /* the largest settings file read */
#define CONFIG_SEATS 16              /* 'seat' lines kept */
#define CONFIG_PATH_MAX 4096

/* A seat a 'seat' line gives: its letter and who plays it. */
typedef struct ConfigSeat {
    char letter;
    SeatSetup who;
} ConfigSeat;

typedef struct SessionConfig {
    char path[CONFIG_PATH_MAX];  /* the file read, "" when there was none */
    char variant[SETUP_REF_MAX]; /* 'variant': a name or a variant file; "" when not set */
    int nseats;                  /* 'seat' lines, in the file's order */
    ConfigSeat seat[CONFIG_SEATS];
    int has_time; /* 'time', as --time */
    int64_t time_base_ms, time_inc_ms;
    int has_pace; /* 'pace', as --pace */
    int64_t pace_ms;
    long threads; /* 'threads', as --threads; 0 when not set */
    /* Yes or no, -1 when not set: 'ascii', 'highlight', 'mouse', 'colours', 'flip' and 'quiet'
     * (the text front ends' --quiet). */
    int ascii, highlight, mouse, colours, flip, quiet;
} SessionConfig;

/* A config with nothing set. */
void config_init(SessionConfig *c);

/* Reads the settings of 'text' ('len' bytes) into 'c' (cleared first). On failure fills 'err'
 * (its source is left to the caller) with the line and the column at fault and returns
 * CM_ERR_SYNTAX (a line that is no setting) or CM_ERR_SCHEMA (an unknown setting, a value that
 * is not one). */
CmStatus config_parse(const char *text, size_t len, SessionConfig *c, CmError *err);

/* Reads the settings file ('io_config_path') into 'c'. A file that is not there is no
 * settings: CM_OK with nothing set. On failure fills 'err' (its source the file) and, with
 * '*text_out' not NULL, hands back the file's text (the caller frees it) so that the line at
 * fault can be shown. */
CmStatus config_load(SessionConfig *c, char **text_out, size_t *len_out, CmError *err);

/* Applies the 'seat' lines of 'c' to 'setup' for variant 'v': a seat whose letter 'v' has not
 * is left out (the file gives defaults for every variant). */
void config_seats(const SessionConfig *c, const CmVariant *v, SessionSetup *setup);

#endif
