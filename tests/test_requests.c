/* The server's table of requests, held to what is written about it: docs/network.md's table of
 * requests has every request of the server's table, in the same form, and no other; `camelot
 * online --help` has a command for each one a player asks for; and a server refuses, as
 * 'syntax', each request with fewer or more words than its form allows, before its handler
 * runs.
 * SPDX-License-Identifier: MIT */
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_server.h"

#include "app/cli.h"
#include "server/server.h"
#include "session/clock.h"

#define MAX_REQUESTS 64

/* The verb of a request's form: its first word. */
static void verb_of(const char *usage, char *buf, size_t size)
{
    size_t n = strcspn(usage, " ");
    snprintf(buf, size, "%.*s", (int)n, usage);
}

static int nrequests(void)
{
    int n = 0;
    while (server_request_usage(n) != NULL)
        n++;
    assert_true(n > 0 && n < MAX_REQUESTS);
    return n;
}

/* The forms in the first column of docs/network.md's table under "### Requests": each code
 * span of that column ("`draw ID`, `takeback ID`, `resign ID`" is three). */
static int docs_forms(char forms[][80], int most)
{
    char path[512];
    snprintf(path, sizeof path, "%s/../../docs/network.md", CAMELOT_TEST_DATA_DIR);
    size_t len;
    char *text = tu_read_file(path, &len);
    assert_non_null(text);
    char *at = strstr(text, "\n### Requests\n");
    assert_non_null(at);
    char *table = strstr(at, "\n| Request | Answer |\n|---|---|\n");
    assert_non_null(table);
    int n = 0;
    char *line = table + strlen("\n| Request | Answer |\n|---|---|\n");
    for (; line[0] == '|'; line = strchr(line, '\n') + 1) {
        char *end = strstr(line + 1, " | ");
        assert_non_null(end);
        for (char *p = line; p < end;) {
            char *open = memchr(p, '`', (size_t)(end - p));
            if (open == NULL)
                break;
            char *close = memchr(open + 1, '`', (size_t)(end - open - 1));
            assert_non_null(close);
            assert_true(n < most);
            /* The table escapes '|' as '\\|' inside its code spans. */
            size_t k = 0;
            for (char *q = open + 1; q < close && k + 1 < sizeof forms[n]; q++)
                if (!(q[0] == '\\' && q + 1 < close && q[1] == '|'))
                    forms[n][k++] = *q;
            forms[n][k] = '\0';
            n++;
            p = close + 1;
        }
        assert_non_null(strchr(line, '\n'));
    }
    free(text);
    return n;
}

static void test_requests_table_is_the_docs_table(void **state)
{
    (void)state;
    static char forms[MAX_REQUESTS][80];
    int nd = docs_forms(forms, MAX_REQUESTS);
    int nt = nrequests();
    for (int i = 0; i < nt; i++) {
        const char *u = server_request_usage(i);
        char verb[32], other[32];
        verb_of(u, verb, sizeof verb);
        for (int k = 0; k < i; k++) {
            verb_of(server_request_usage(k), other, sizeof other);
            if (strcmp(verb, other) == 0)
                fail_msg("the verb '%s' is twice in the server's table", verb);
        }
        int found = 0;
        for (int k = 0; k < nd; k++)
            found |= strcmp(forms[k], u) == 0;
        if (!found)
            fail_msg("'%s' (the server's table) is not in docs/network.md's table of requests", u);
    }
    for (int k = 0; k < nd; k++) {
        int found = 0;
        for (int i = 0; i < nt; i++)
            found |= strcmp(forms[k], server_request_usage(i)) == 0;
        if (!found)
            fail_msg("'%s' (docs/network.md) is not a request of the server's table", forms[k]);
    }
    assert_int_equal(nd, nt);
}

/* How the text client's commands say a request, where not by its verb: a move is its own
 * notation, an answer 'yes' or 'no'; the connection's own requests, and 'close' (a game is
 * closed when another is opened), are the client's to make. */
static const char *const command_of[][2] = {
    {"move", "MOVE"},
    {"answer", "yes | no"},
    {"as", NULL},
    {"key", NULL},
    {"signup", NULL},
    {"addkey", NULL},
    {"hello", NULL},
    {"ping", NULL},
    {"pong", NULL},
    {"close", NULL},
    /* The host's, made by 'camelot admin'. */
    {"admin", NULL},
    {"players", NULL},
    {"ban", NULL},
    {"unban", NULL},
    {"mute", NULL},
    {"unmute", NULL},
    {"end", NULL},
    {"reset", NULL},
    {"rename", NULL},
    {"notice", NULL},
    {"limits", NULL},
};

static void test_requests_each_has_a_command_of_online(void **state)
{
    (void)state;
    const char *cmds = strstr(cli_online_help, "Commands of --text");
    assert_non_null(cmds);
    for (int i = 0; i < nrequests(); i++) {
        char verb[32], want[40];
        verb_of(server_request_usage(i), verb, sizeof verb);
        const char *word = verb;
        for (size_t k = 0; k < sizeof command_of / sizeof *command_of; k++)
            if (strcmp(command_of[k][0], verb) == 0)
                word = command_of[k][1];
        if (word == NULL)
            continue;
        /* A command begins a line of the list, after two spaces, or follows a '|' in it
         * ('draw | takeback | resign'). */
        snprintf(want, sizeof want, "\n  %s", word);
        int found = 0;
        for (const char *p = strstr(cmds, want); p != NULL && !found; p = strstr(p + 1, want)) {
            char next = p[strlen(want)];
            found = next == ' ' || next == '\n';
        }
        snprintf(want, sizeof want, "| %s ", word);
        found |= strstr(cmds, want) != NULL;
        if (!found)
            fail_msg("'camelot online --help' has no command for the request '%s'", verb);
    }
}

/* The words a request's form allows after its verb: '[X]' may be left out, 'X...' is one or
 * more of at most four (a seat each), '[X...]' none to eight (a tournament's engine entrants),
 * 'TEXT' is the rest of the line. */
static void counts_of(const char *usage, int *min, int *max)
{
    *min = *max = 0;
    const char *p = strchr(usage, ' ');
    while (p != NULL) {
        p++;
        const char *end = strchr(p, ' ');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (p[0] == '[' && n > 4 && memcmp(p + n - 4, "...]", 4) == 0) {
            *max += 8;
        } else if (p[0] == '[') {
            (*max)++;
        } else if (n > 3 && memcmp(p + n - 3, "...", 3) == 0) {
            (*min)++;
            *max += 4;
        } else if (n == 4 && memcmp(p, "TEXT", 4) == 0) {
            (*min)++;
            *max = -1;
        } else {
            (*min)++;
            if (*max >= 0)
                (*max)++;
        }
        p = end;
    }
}

/* Pumps 'r' until it heard 'text', failing after a generous while. */
static void hear(TuRaw *r, const char *text)
{
    uint64_t until = clock_ms() + 20000u * (uint64_t)tu_time_factor();
    while (!tu_raw_heard(r, text) && clock_ms() < until) {
        tu_raw_pump(r);
        poll(NULL, 0, 5);
    }
    if (!tu_raw_heard(r, text))
        fail_msg("waited in vain for '%s'; heard:\n%s", text, r->in);
}

/* The words of a request of 'n' words after its verb that the server would take but for
 * their number: a game's id first (game 1 is there), then words of the form. */
static void words(const char *verb, int n, char *buf, size_t size)
{
    static const char *const create[] = {"camette", "none", "casual", "W=me", "B=open"};
    size_t len = (size_t)snprintf(buf, size, "%s", verb);
    for (int i = 0; i < n; i++) {
        const char *w = strcmp(verb, "create") == 0 && i < 5 ? create[i] : i == 0 ? "1" : "x";
        len += (size_t)snprintf(buf + len, size - len, " %s", w);
    }
}

static void test_requests_counts_checked_before_the_handler(void **state)
{
    (void)state;
    char dir[64], sock[100];
    tu_temp_dir(dir, sizeof dir);
    pid_t server = tu_server_start(dir, sock, sizeof sock);
    TuRaw *alice = malloc(sizeof *alice);
    assert_non_null(alice);
    tu_raw_open(alice, sock, "alice");
    hear(alice, "ok hello 1 alice\n");
    tu_raw_send(alice, "create camette none casual W=me B=open");
    hear(alice, "ok create 1 ");
    int checked = 0;
    for (int i = 0; i < nrequests(); i++) {
        const char *u = server_request_usage(i);
        char verb[32], line[300], want[200];
        verb_of(u, verb, sizeof verb);
        /* 'as' may only be the first line, and 'pong' is answered by nothing. */
        if (strcmp(verb, "as") == 0 || strcmp(verb, "pong") == 0)
            continue;
        int min, max;
        counts_of(u, &min, &max);
        snprintf(want, sizeof want, "error %s syntax %s\n", verb, u);
        int game = strstr(u, " ID") != NULL;
        /* Too few (a request of a game with no id at all is refused for its id). */
        if (min > (game ? 1 : 0)) {
            words(verb, min - 1, line, sizeof line);
            alice->len = 0;
            alice->in[0] = '\0';
            tu_raw_send(alice, "%s", line);
            hear(alice, want);
            checked++;
        }
        if (max >= 0) {
            words(verb, max + 1, line, sizeof line);
            alice->len = 0;
            alice->in[0] = '\0';
            tu_raw_send(alice, "%s", line);
            hear(alice, want);
            checked++;
        }
    }
    /* The game is as it was: nothing of those requests reached it. */
    alice->len = 0;
    alice->in[0] = '\0';
    tu_raw_send(alice, "games");
    hear(alice, "ok games 1\n");
    assert_true(tu_raw_heard(alice, "game 1 camette waiting "));
    assert_true(checked >= 20);
    tu_raw_close(alice);
    free(alice);
    tu_server_stop(server);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requests_table_is_the_docs_table),
        cmocka_unit_test(test_requests_each_has_a_command_of_online),
        cmocka_unit_test(test_requests_counts_checked_before_the_handler),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
