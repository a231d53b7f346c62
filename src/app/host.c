/* The 'host' command: what runs a public server's door (docs/hosting.md). The host prints the
 * block of sshd's configuration with 'host sshd-config'; sshd asks 'host keys' which keys may
 * enter the server's account (any may), and runs 'host session' for each, bound to its key:
 * a key new to the server is asked once for a player name, then plays, on the full screen
 * with a terminal, one command a line without, or as a relay for a 'camelot online --server
 * ssh://' of the player's own. Who the player is comes only from the key sshd saw.
 * SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "net/conn.h"
#include "session/clock.h"

const char cli_host_usage[] =
    "host sshd-config [--user USER] [--camelot PATH] [--socket PATH]\n"
    "                                [--guests USER]\n"
    "       camelot host keys [--socket PATH] USER FINGERPRINT TYPE KEY\n"
    "       camelot host session --key FINGERPRINT [--socket PATH] [--text]";
const char cli_host_help[] =
    "A public server, reached with 'ssh -t USER@HOST' and nothing installed: any key\n"
    "may sign in to the server's account, is asked once for a player name, and is\n"
    "that player from then on (docs/hosting.md).\n\n"
    "  sshd-config   prints the block of sshd_config that opens the account USER\n"
    "                (default: this one) to every key, with camelot's full path\n"
    "                (default: this program's; sshd wants it owned by root); with\n"
    "                --guests USER, also the block that lets that account in with\n"
    "                no password, each session a guest (see serve --guests)\n"
    "  keys          what sshd's AuthorizedKeysCommand runs ('%u %f %t %k'): the\n"
    "                line of authorized_keys that binds the key to its session\n"
    "  session       what sshd runs for a key: signs the key up the first time,\n"
    "                then the lobby on the full screen with a terminal, one command\n"
    "                a line without one (or with --text), or a relay for\n"
    "                'camelot online --server ssh://USER@HOST'\n\n"
    "  --socket PATH  the server's socket (default: the one 'camelot serve' makes)\n";

#define HOST_ANSWER_MS 10000 /* the most a session waits for the server's answer */
#define HOST_TRIES 20        /* names a new key may try in one session */

/* ---- Checks -------------------------------------------------------------------------------- */

/* Whether 's' may stand in a command that sshd gives to the account's shell: nothing the shell
 * reads as anything but a word. */
static int shell_safe(const char *s)
{
    static const char ok[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "/._+-,:@%=";
    return s[0] != '\0' && strspn(s, ok) == strlen(s);
}

/* The key types sshd may hand over: OpenSSH's public keys (not certificates). */
static int key_type_ok(const char *t)
{
    static const char *const types[] = {"ssh-ed25519",
                                        "ssh-rsa",
                                        "ecdsa-sha2-nistp256",
                                        "ecdsa-sha2-nistp384",
                                        "ecdsa-sha2-nistp521",
                                        "sk-ssh-ed25519@openssh.com",
                                        "sk-ecdsa-sha2-nistp256@openssh.com",
                                        NULL};
    for (int i = 0; types[i] != NULL; i++)
        if (strcmp(t, types[i]) == 0)
            return 1;
    return 0;
}

/* Base64, as authorized_keys holds a key: at most 16 KB (a 16384-bit RSA key is 2 KB). */
static int key_text_ok(const char *k)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    size_t n = strlen(k);
    return n > 0 && n <= 16384 && strspn(k, b64) == n;
}

/* This program's own path, for sshd to run it by. Returns 0, or -1 (said why). */
static int self_path(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0 || (size_t)n >= size - 1) {
        fprintf(stderr, "camelot: host: cannot tell this program's path (/proc/self/exe): %s\n",
                n < 0 ? strerror(errno) : "too long");
        return -1;
    }
    buf[n] = '\0';
    return 0;
}

/* The name of this process's user, or NULL. */
static const char *own_user(char *buf, size_t size)
{
    struct passwd pw, *res = NULL;
    char tmp[2048];
    if (getpwuid_r(geteuid(), &pw, tmp, sizeof tmp, &res) != 0 || res == NULL)
        return NULL;
    snprintf(buf, size, "%s", res->pw_name);
    return buf;
}

/* Why sshd would refuse to run 'path' as an AuthorizedKeysCommand (it and every directory
 * above it must belong to root and be writable by nobody else), into 'why'; 0 when it would
 * not. */
static int sshd_unsafe(const char *path, char *why, size_t size)
{
    char p[PATH_MAX];
    if (realpath(path, p) == NULL) {
        snprintf(why, size, "%s: %s", path, strerror(errno));
        return 1;
    }
    for (;;) {
        struct stat st;
        if (stat(p, &st) != 0) {
            snprintf(why, size, "%s: %s", p, strerror(errno));
            return 1;
        }
        if (st.st_uid != 0 || (st.st_mode & 022) != 0) {
            snprintf(why, size, "%s %s", p,
                     st.st_uid != 0 ? "does not belong to root" : "may be written by others");
            return 1;
        }
        char *slash = strrchr(p, '/');
        if (slash == NULL || strcmp(p, "/") == 0)
            return 0;
        if (slash == p)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
}

/* ---- sshd-config ----------------------------------------------------------------------- */

enum { C_USER, C_CAMELOT, C_SOCKET, C_GUESTS, C_COUNT };

static const CliOpt config_opts[C_COUNT] = {
    [C_USER] = {"--user", 1, 0},
    [C_CAMELOT] = {"--camelot", 1, 0},
    [C_SOCKET] = {"--socket", 1, 0},
    [C_GUESTS] = {"--guests", 1, 0},
};

/* The block for the guests' account 'guest', an account with an empty password: sshd lets it
 * in without asking, straight into the client (docs/hosting.md, "Guests"). */
static void guests_block(const char *guest, const char *prog, const char *sock)
{
    printf("# Guests: the account %s has an empty password (passwd -d %s) and reaches the\n"
           "# server's socket; the server names it (camelot serve --guests %s). Each of its\n"
           "# sessions is a guest of its own, for casual games only.\n"
           "Match User %s\n"
           "    PermitEmptyPasswords yes\n"
           "    PasswordAuthentication yes\n"
           "    KbdInteractiveAuthentication no\n"
           "    PubkeyAuthentication no\n"
           "    ForceCommand %s online --server %s\n"
           "    PermitTTY yes\n"
           "    DisableForwarding yes\n"
           "    PermitTunnel no\n"
           "    PermitUserRC no\n"
           "    AcceptEnv LANG LC_* NO_COLOR\n"
           "    ClientAliveInterval 15\n"
           "    ClientAliveCountMax 4\n",
           guest, guest, guest, guest, prog, sock);
}

static int sshd_config(int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_host_usage, cli_host_help, config_opts, C_COUNT, argc, argv, &a);
    char user[64], self[PATH_MAX];
    const char *u = a.value[C_USER], *prog = a.value[C_CAMELOT], *sock = a.value[C_SOCKET];
    const char *guest = a.value[C_GUESTS];
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_host_usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && u == NULL && (u = own_user(user, sizeof user)) == NULL) {
        fprintf(stderr, "camelot: host sshd-config: this user has no name: give --user\n");
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0 && prog == NULL) {
        if (self_path(self, sizeof self) != 0)
            rc = CLI_EXIT_INPUT;
        prog = self;
    }
    if (rc < 0 && (!shell_safe(u) || !shell_safe(prog) || prog[0] != '/' ||
                   (sock != NULL && !shell_safe(sock)) || (guest != NULL && !shell_safe(guest))))
        rc = cli_usage_error(cli_host_usage, "the users, camelot's path and the socket's are "
                                             "letters, digits and '/._+-,:@%%=' only, the path "
                                             "absolute");
    if (rc < 0 && guest != NULL && (sock == NULL || sock[0] != '/'))
        rc = cli_usage_error(cli_host_usage, "--guests needs --socket and the socket's absolute "
                                             "path: the guests' account reaches it by its path");
    if (rc < 0 && guest != NULL && strcmp(guest, u) == 0)
        rc = cli_usage_error(cli_host_usage, "--guests must name an account other than the "
                                             "server's: its sessions are guests, not players");
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    char socket_opt[NET_PATH_MAX + 16] = "";
    if (sock != NULL)
        snprintf(socket_opt, sizeof socket_opt, " --socket %s", sock);
    printf("# camelot's public server: every key may sign in to the account %s and is a\n"
           "# player there (docs/hosting.md). Put this block at the end of\n"
           "# /etc/ssh/sshd_config, then check and reload: sshd -t && systemctl reload ssh\n"
           "Match User %s\n"
           "    AuthorizedKeysFile none\n"
           "    AuthorizedKeysCommand %s host keys%s %%u %%f %%t %%k\n"
           "    AuthorizedKeysCommandUser %s\n"
           "    PubkeyAuthentication yes\n"
           "    PasswordAuthentication no\n"
           "    KbdInteractiveAuthentication no\n"
           "    PermitTTY yes\n"
           "    DisableForwarding yes\n"
           "    PermitTunnel no\n"
           "    PermitUserRC no\n"
           "    AcceptEnv LANG LC_* NO_COLOR\n"
           "    ClientAliveInterval 15\n"
           "    ClientAliveCountMax 4\n",
           u, u, prog, socket_opt, u);
    if (guest != NULL)
        guests_block(guest, prog, sock);
    char why[PATH_MAX + 64];
    if (sshd_unsafe(prog, why, sizeof why))
        fprintf(stderr,
                "camelot: host sshd-config: sshd will not run %s: %s; install camelot where "
                "root owns it (sudo cmake --install build/release --prefix /usr/local) and "
                "give that path with --camelot\n",
                prog, why);
    fflush(stdout);
    cli_args_free(&a);
    return CLI_EXIT_OK;
}

/* ---- keys ---------------------------------------------------------------------------------- */

enum { K_SOCKET, K_COUNT };

static const CliOpt keys_opts[K_COUNT] = {
    [K_SOCKET] = {"--socket", 1, 0},
};

/* sshd's question: may this key sign in to USER's account? Any key may, for the account this
 * program runs as, bound to a session of its own; anything else gets no line at all. */
static int keys(int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_host_usage, cli_host_help, keys_opts, K_COUNT, argc, argv, &a);
    char user[64], self[PATH_MAX];
    const char *sock = a.value[K_SOCKET];
    if (rc < 0 && a.nargs != 4)
        rc = cli_usage_error(cli_host_usage, "host keys takes USER FINGERPRINT TYPE KEY, as "
                                             "sshd's '%%u %%f %%t %%k'");
    if (rc < 0 && own_user(user, sizeof user) == NULL) {
        fprintf(stderr, "camelot: host keys: this user has no name\n");
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0 && strcmp(a.args[0], user) != 0) {
        /* Only the account the program runs as (AuthorizedKeysCommandUser) is opened: a block
         * that matched every account would otherwise let any key into each. */
        fprintf(stderr,
                "camelot: host keys: asked for the keys of '%s', but this is '%s': "
                "no key\n",
                a.args[0], user);
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0 && (!net_key_ok(a.args[1]) || !key_type_ok(a.args[2]) || !key_text_ok(a.args[3]))) {
        fprintf(stderr, "camelot: host keys: not a public key that camelot takes: no key\n");
        rc = CLI_EXIT_INPUT;
    }
    if (rc < 0 && self_path(self, sizeof self) != 0)
        rc = CLI_EXIT_INPUT;
    if (rc < 0 && (!shell_safe(self) || (sock != NULL && !shell_safe(sock)))) {
        fprintf(stderr, "camelot: host keys: camelot's path or the socket's has characters a "
                        "shell would read: no key\n");
        rc = CLI_EXIT_INPUT;
    }
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    printf("restrict,pty,command=\"%s host session --key %s%s%s\" %s %s\n", self, a.args[1],
           sock != NULL ? " --socket " : "", sock != NULL ? sock : "", a.args[2], a.args[3]);
    fflush(stdout);
    cli_args_free(&a);
    return CLI_EXIT_OK;
}

/* ---- session ------------------------------------------------------------------------------- */

enum { S_KEY, S_SOCKET, S_TEXT, S_COUNT };

static const CliOpt session_opts[S_COUNT] = {
    [S_KEY] = {"--key", 1, 0},
    [S_SOCKET] = {"--socket", 1, 0},
    [S_TEXT] = {"--text", 0, 0},
};

int cli_server_ask(const char *sock, const char *const *lines, int n,
                   void (*each)(void *ud, const char *line), void *ud, char *ans, size_t size)
{
    int fd;
    CmError err;
    cm_error_init(&err, NULL);
    if (net_connect(sock, &fd, &err) != CM_OK) {
        fprintf(stderr, "camelot: %s\ncamelot: the server is not running: try again later\n",
                err.msg);
        return -1;
    }
    NetConn c;
    net_conn_init(&c, fd, NET_OUT_MAX);
    int rc = -1, sent = 1;
    for (int i = 0; i < n && sent; i++)
        sent = net_conn_send(&c, lines[i], strlen(lines[i])) == 0;
    char verb[32] = "";
    if (n > 0)
        sscanf(lines[n - 1], "%31s", verb);
    uint64_t until = clock_ms() + HOST_ANSWER_MS;
    while (sent && rc < 0 && clock_ms() < until) {
        const char *l;
        size_t len;
        int got = net_conn_line(&c, 0, &l, &len);
        if (got > 0) {
            NetMsg m;
            char clean[NET_LINE_MAX];
            net_text_clean(l, len, clean, sizeof clean);
            if (net_msg_parse(&m, l, len, NULL) == CM_OK && m.argc >= 2 &&
                (strcmp(m.argv[0], "ok") == 0 || strcmp(m.argv[0], "error") == 0) &&
                (strcmp(m.argv[1], verb) == 0 || strcmp(m.argv[1], "-") == 0)) {
                snprintf(ans, size, "%s", clean);
                rc = 0;
            } else if (net_msg_parse(&m, l, len, NULL) == CM_OK && m.argc == 2 &&
                       strcmp(m.argv[0], "ping") == 0) {
                char pong[NET_LINE_MAX];
                int k = snprintf(pong, sizeof pong, "pong %s", m.argv[1]);
                net_conn_send(&c, pong, (size_t)k);
            } else if (each != NULL) {
                each(ud, clean);
            }
            continue;
        }
        if (got < 0)
            continue;
        if (net_conn_flush(&c) < 0)
            break;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (net_conn_pending(&c) > 0)
            p.events |= POLLOUT;
        poll(&p, 1, 100);
        if ((p.revents & (POLLIN | POLLHUP | POLLERR)) && net_conn_fill(&c) < 0)
            break;
    }
    net_conn_close(&c);
    if (rc != 0)
        fprintf(stderr, "camelot: the server did not answer: try again later\n");
    return rc;
}

/* Sends the key's line and 'req' on a connection of their own, and reads the answer to 'req'
 * into 'ans'. Returns 0, or -1 (said why). */
static int ask_server(const char *sock, const char *key, const char *req, char *ans, size_t size)
{
    char first[NET_KEY_MAX + 8];
    snprintf(first, sizeof first, "key %s", key);
    const char *lines[2] = {first, req};
    return cli_server_ask(sock, lines, 2, NULL, NULL, ans, size);
}

/* The reason of an 'error VERB CODE REASON' line. */
static const char *reason(const char *line)
{
    const char *p = line;
    for (int words = 0; words < 3 && p != NULL; words++) {
        p = strchr(p, ' ');
        if (p != NULL)
            p++;
    }
    return p != NULL ? p : line;
}

/* Removes the blanks at both ends of 's'. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Reads a line of standard input into 'buf' a byte at a time, so that what follows it stays
 * for the client after the sign-up (a script's commands). Returns 0, or -1 at its end. */
static int read_line(char *buf, size_t size)
{
    size_t n = 0;
    for (;;) {
        char ch;
        ssize_t got = read(STDIN_FILENO, &ch, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            buf[n] = '\0';
            return n > 0 ? 0 : -1;
        }
        if (ch == '\n')
            break;
        if (n + 1 < size)
            buf[n++] = ch;
    }
    buf[n] = '\0';
    return 0;
}

/* A key new to the server chooses its name, on the terminal (or the input) before anything
 * else. Returns 0 once the server took one, else an exit code. */
static int sign_up(const char *sock, const char *key, const char *host)
{
    printf("Welcome to camelot on %s. This key is new here:\n  %s\n"
           "Choose the name you will play as, for good: 1 to 32 letters, digits, '_', '-'\n"
           "or '.', beginning with a letter or a digit. Other players see it. (To add this\n"
           "key to the player of another key of yours, type 'code' and the code that K in\n"
           "the lobby, or 'keycode' in the text client, gave in a session of that key.)\n",
           host, key);
    for (int tries = 0; tries < HOST_TRIES; tries++) {
        printf("Name: ");
        fflush(stdout);
        char buf[256];
        if (read_line(buf, sizeof buf) != 0) {
            printf("\n");
            fprintf(stderr, "camelot: no name chosen: connect again to sign up\n");
            return CLI_EXIT_INPUT;
        }
        char *name = trim(buf);
        if (name[0] == '\0')
            continue;
        char req[NET_NAME_MAX + 16], ans[NET_LINE_MAX];
        if (strncmp(name, "code ", 5) == 0) {
            snprintf(req, sizeof req, "addkey %.16s", trim(name + 5));
            if (ask_server(sock, key, req, ans, sizeof ans) != 0)
                return CLI_EXIT_INPUT;
            if (strncmp(ans, "ok addkey ", 10) == 0) {
                printf("This key is %s's now, as the other one is.\n", ans + 10);
                fflush(stdout);
                return 0;
            }
            printf("%s\n", reason(ans));
            continue;
        }
        if (!net_name_ok(name)) {
            /* The server says which names are kept for others ('open', 'guest-...'). */
            printf("That is not a name: 1 to 32 letters, digits, '_', '-' or '.', beginning "
                   "with a letter or a digit.\n");
            continue;
        }
        snprintf(req, sizeof req, "signup %.*s", NET_NAME_MAX, name);
        if (ask_server(sock, key, req, ans, sizeof ans) != 0)
            return CLI_EXIT_INPUT;
        if (strncmp(ans, "ok ", 3) == 0) {
            printf("You are %s. Connect with this key again and you are %s again.\n", name, name);
            fflush(stdout);
            return 0;
        }
        printf("%s\n", reason(ans));
        if (strncmp(ans, "error signup denied ", 20) == 0)
            return 0; /* the key signed up meanwhile: it is that player */
    }
    fprintf(stderr, "camelot: no name taken after %d tries: connect again to sign up\n",
            HOST_TRIES);
    return CLI_EXIT_INPUT;
}

/* What the person asked ssh for ($SSH_ORIGINAL_COMMAND), camelot by any path: nothing (the
 * lobby), 'camelot relay' (what 'camelot online --server ssh://' asks for) or 'camelot online
 * --text' (the text client on a terminal too, for a screen reader); anything else is refused. */
enum { ASK_LOBBY, ASK_RELAY, ASK_TEXT, ASK_OTHER };

static int asked(const char *cmd)
{
    if (cmd == NULL || cmd[0] == '\0')
        return ASK_LOBBY;
    char words[4][64];
    int n = sscanf(cmd, "%63s %63s %63s %63s", words[0], words[1], words[2], words[3]);
    const char *base = n >= 1 ? strrchr(words[0], '/') : NULL;
    base = base != NULL ? base + 1 : words[0];
    if (n < 2 || strcmp(base, "camelot") != 0)
        return ASK_OTHER;
    if (n == 2 && strcmp(words[1], "relay") == 0)
        return ASK_RELAY;
    if (n == 3 && strcmp(words[1], "online") == 0 && strcmp(words[2], "--text") == 0)
        return ASK_TEXT;
    return ASK_OTHER;
}

static int session(CliCtx *ctx, int argc, char **argv)
{
    CliArgs a;
    int rc = cli_args_parse(cli_host_usage, cli_host_help, session_opts, S_COUNT, argc, argv, &a);
    const char *key = a.value[S_KEY];
    char sock[NET_PATH_MAX];
    if (rc < 0 && a.nargs > 0)
        rc = cli_usage_error(cli_host_usage, "unexpected argument '%s'", a.args[0]);
    if (rc < 0 && (key == NULL || !net_key_ok(key)))
        rc = cli_usage_error(cli_host_usage, "host session needs --key SHA256:... (sshd runs "
                                             "it for a key: see 'camelot host sshd-config')");
    if (rc < 0 && cli_socket_path(a.value[S_SOCKET], sock, sizeof sock) != 0)
        rc = CLI_EXIT_INPUT;
    int ask = asked(getenv("SSH_ORIGINAL_COMMAND"));
    if (rc < 0 && ask == ASK_OTHER) {
        fprintf(stderr, "camelot: this account only plays camelot: 'ssh -t' to it opens the "
                        "lobby, 'camelot online --text' after it the text client, and "
                        "'camelot online --server ssh://' plays from your own camelot\n");
        rc = CLI_EXIT_USAGE;
    }
    if (rc >= 0) {
        cli_args_free(&a);
        return rc;
    }
    char first[NET_KEY_MAX + 8];
    snprintf(first, sizeof first, "key %s", key);
    if (ask == ASK_RELAY) {
        /* A client of the player's own speaks the protocol: a key with no player yet hears
         * it from the server's answer to its 'hello'. */
        rc = cli_relay_to(sock, first);
        cli_args_free(&a);
        return rc;
    }
    char ans[NET_LINE_MAX], host[256] = "camelot";
    gethostname(host, sizeof host - 1);
    host[sizeof host - 1] = '\0';
    rc = ask_server(sock, key, "hello 1", ans, sizeof ans) != 0 ? CLI_EXIT_INPUT : 0;
    if (rc == 0 && strncmp(ans, "error hello signup ", 19) == 0)
        rc = sign_up(sock, key, host);
    else if (rc == 0 && strncmp(ans, "ok hello ", 9) != 0) {
        fprintf(stderr, "camelot: the server says: %s\n", ans);
        rc = CLI_EXIT_INPUT;
    }
    if (rc == 0) {
        NetAddr addr;
        memset(&addr, 0, sizeof addr);
        snprintf(addr.path, sizeof addr.path, "%s", sock);
        snprintf(addr.key, sizeof addr.key, "%s", key);
        rc = cli_online_at(ctx, &addr, a.value[S_TEXT] != NULL || ask == ASK_TEXT, host, 1);
    }
    cli_args_free(&a);
    return rc;
}

int cli_host(CliCtx *ctx, int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "sshd-config") == 0)
        return sshd_config(argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "keys") == 0)
        return keys(argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "session") == 0)
        return session(ctx, argc - 1, argv + 1);
    if (argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        cli_help_print(stdout, cli_host_usage, cli_host_help);
        return CLI_EXIT_OK;
    }
    return cli_usage_error(cli_host_usage,
                           argc >= 1 ? "no such part of host: '%s'"
                                     : "host needs sshd-config, keys or session%s",
                           argc >= 1 ? argv[0] : "");
}
