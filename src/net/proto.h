/* The network protocol's messages, as text: splitting a received line into its words, the
 * checks every field from another program must pass (names, chat, game and move ids, numbers),
 * and building the lines to send. Pure: no I/O, no game logic (docs/network.md).
 * SPDX-License-Identifier: MIT */
#ifndef CAMELOT_NET_PROTO_H
#define CAMELOT_NET_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "camelot/error.h"

#define NET_VERSION 1     /* the protocol's version, said in 'hello' */
#define NET_LINE_MAX 4096 /* bytes in a line, its newline not counted */
/* Words in a line: as many as a line of NET_LINE_MAX bytes can hold, so that no line is refused
 * for its words (chat is free text of any words; a game's state has many moves to a line). */
#define NET_ARGS_MAX (NET_LINE_MAX / 2 + 1)
#define NET_NAME_MAX 32    /* bytes in a player's name */
#define NET_TEXT_MAX 400   /* bytes in a chat message */
#define NET_MOVE_ID_MAX 16 /* bytes in a move's id */
#define NET_GAME_ID_MAX 15 /* digits in a game's id */

/* A line split into words. 'argv[0]' is the verb; 'rest[i]' is the text from the start of word
 * i to the end of the line, exactly as sent, for the free text that ends some messages (chat). */
typedef struct NetMsg {
    char line[NET_LINE_MAX + 1];  /* the line, as received */
    char words[NET_LINE_MAX + 1]; /* the line with a NUL after each word */
    int argc;
    const char *argv[NET_ARGS_MAX];
    const char *rest[NET_ARGS_MAX];
} NetMsg;

/* Splits the 'len' bytes of 'line' (no newline; a final CR is dropped) into 'm'. The line must
 * be UTF-8 without control characters (net_text_check) and hold at least one word; words are
 * separated by spaces. CM_ERR_LIMIT for a line over NET_LINE_MAX bytes (which is also the only
 * way to have more than NET_ARGS_MAX words), CM_ERR_SYNTAX otherwise, with the reason in 'err'.
 * 'm' is large (about 40 KiB): keep it off small stacks. */
CmStatus net_msg_parse(NetMsg *m, const char *line, size_t len, CmError *err);

/* Whether the 'len' bytes at 's' are text another person may be shown: well-formed UTF-8 (no
 * overlong forms, no surrogates), no control character (C0, DEL, C1), no character that
 * reorders or hides text (the bidirectional overrides and isolates, U+200B..U+200F, U+2028,
 * U+2029, U+FEFF), no NUL. Returns 0 when it may be, or the 1-based byte offset of the first
 * bad byte. */
size_t net_text_check(const char *s, size_t len);

/* Checks a player's name: 1 .. NET_NAME_MAX bytes of ASCII letters, digits, '_', '-' and '.',
 * beginning with a letter or a digit (the Unix user names in use pass). Returns 1 or 0. */
int net_name_ok(const char *s);

/* Checks a chat message: 1 .. NET_TEXT_MAX bytes that pass net_text_check and are not all
 * spaces. Returns 1 or 0. */
int net_chat_ok(const char *s);

/* Reads a game's id: 1 .. NET_GAME_ID_MAX decimal digits, no leading zero. Returns 1 or 0. */
int net_game_id(const char *s, int64_t *out);

/* Checks a move's id: 1 .. NET_MOVE_ID_MAX bytes of ASCII letters, digits, '_' and '-'. */
int net_move_id_ok(const char *s);

/* Reads a whole number within 'lo' .. 'hi' (digits only, an optional leading '-'). */
int net_int(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* Reads a "yes" or "no" into 1 or 0. */
int net_yes_no(const char *s, int *out);

/* A line to send: appends to 'buf' ('*len' bytes used of 'size') with printf formatting, and
 * returns 0, or -1 when the line would pass NET_LINE_MAX or 'size' (then 'buf' is unchanged). */
int net_line_add(char *buf, size_t size, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Copies 'text' into 'buf' with every byte that could not be shown to a person (see
 * net_text_check) replaced by '?', cut at 'size' - 1 bytes on a character boundary: for
 * echoing a peer's words in an error. Returns 'buf'. */
char *net_text_clean(const char *text, size_t len, char *buf, size_t size);

#endif
