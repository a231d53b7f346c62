/* The terminal: curses setup and teardown, the table of colour roles (squares, each seat's
 * pieces and castles, cursor, highlights), and the main loop, which hands keys, clicks and
 * resizes to control.c and, on every getch timeout, lets the session see to the engine and
 * the clocks. Signals that end the program leave through the loop, so that the caller can
 * save the game.
 * SPDX-License-Identifier: MIT */
#include <curses.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "curses_int.h"
#include "session/clock.h"

#define TICK_MS 40      /* how often the loop looks at the engine and the clocks */
#define DRAW_LAG_MS 100 /* the longest a stream of keys (a paste) holds back the screen */

/* Colours of a role: with 256 colours, with 8, and the attributes without colours. */
typedef struct RoleLook {
    short fg256, bg256;
    short fg8, bg8;
    attr_t extra; /* added in every mode */
    attr_t mono;  /* instead of colours */
} RoleLook;

#define P(c) [UI_ROLE_PIECE + (c)]
#define C(c) [UI_ROLE_CASTLE + (c)]
static const RoleLook role_looks[UI_ROLE_COUNT] = {
    [UI_ROLE_NORMAL] = {-1, -1, -1, -1, 0, 0},
    [UI_ROLE_TITLE] = {-1, -1, -1, -1, A_BOLD, A_BOLD},
    [UI_ROLE_HEADING] = {-1, -1, -1, -1, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE},
    [UI_ROLE_DIM] = {244, -1, -1, -1, 0, A_DIM},
    [UI_ROLE_LABEL] = {244, -1, -1, -1, 0, A_DIM},
    [UI_ROLE_STATUS] = {-1, -1, -1, -1, 0, 0},
    [UI_ROLE_ERROR] = {160, -1, COLOR_RED, -1, A_BOLD, A_BOLD},
    [UI_ROLE_GOOD] = {34, -1, COLOR_GREEN, -1, A_BOLD, A_BOLD},
    [UI_ROLE_FIELD] = {-1, -1, -1, -1, A_REVERSE, A_REVERSE},
    [UI_ROLE_SQ_LIGHT] = {16, 180, -1, -1, 0, 0},
    [UI_ROLE_SQ_DARK] = {16, 137, -1, -1, 0, 0},
    [UI_ROLE_TARGET] = {16, 114, COLOR_BLACK, COLOR_GREEN, 0, A_BOLD | A_UNDERLINE},
    [UI_ROLE_PATH] = {16, 153, COLOR_BLACK, COLOR_CYAN, 0, A_BOLD},
    [UI_ROLE_SELECTED] = {16, 51, COLOR_BLACK, COLOR_CYAN, 0, A_BOLD | A_UNDERLINE},
    [UI_ROLE_CAPTURE] = {231, 160, COLOR_WHITE, COLOR_RED, 0, A_BOLD},
    [UI_ROLE_LAST] = {16, 186, COLOR_BLACK, COLOR_YELLOW, 0, A_UNDERLINE},
    [UI_ROLE_OBLIGED] = {16, 208, COLOR_BLACK, COLOR_MAGENTA, 0, A_BOLD | A_UNDERLINE},
    [UI_ROLE_HINT] = {16, 213, COLOR_BLACK, COLOR_MAGENTA, 0, A_STANDOUT},
    P(UI_WHITE) = {16, 255, COLOR_BLACK, COLOR_WHITE, 0, A_BOLD},
    P(UI_BLACK) = {231, 236, COLOR_WHITE, COLOR_BLACK, 0, A_BOLD},
    P(UI_RED) = {231, 160, COLOR_WHITE, COLOR_RED, 0, A_BOLD},
    P(UI_GREEN) = {231, 28, COLOR_BLACK, COLOR_GREEN, 0, A_BOLD},
    P(UI_BLUE) = {231, 26, COLOR_WHITE, COLOR_BLUE, 0, A_BOLD},
    P(UI_YELLOW) = {16, 220, COLOR_BLACK, COLOR_YELLOW, 0, A_BOLD},
    P(UI_MAGENTA) = {231, 127, COLOR_WHITE, COLOR_MAGENTA, 0, A_BOLD},
    P(UI_CYAN) = {16, 44, COLOR_BLACK, COLOR_CYAN, 0, A_BOLD},
    C(UI_WHITE) = {16, 252, COLOR_BLACK, COLOR_WHITE, 0, A_DIM},
    C(UI_BLACK) = {231, 242, COLOR_WHITE, COLOR_BLACK, 0, A_DIM},
    C(UI_RED) = {16, 217, COLOR_WHITE, COLOR_RED, 0, A_DIM},
    C(UI_GREEN) = {16, 151, COLOR_BLACK, COLOR_GREEN, 0, A_DIM},
    C(UI_BLUE) = {16, 153, COLOR_WHITE, COLOR_BLUE, 0, A_DIM},
    C(UI_YELLOW) = {16, 229, COLOR_BLACK, COLOR_YELLOW, 0, A_DIM},
    C(UI_MAGENTA) = {16, 182, COLOR_WHITE, COLOR_MAGENTA, 0, A_DIM},
    C(UI_CYAN) = {16, 152, COLOR_BLACK, COLOR_CYAN, 0, A_DIM},
};

static int use_colour, colour256;

/* Bold black text in 8 colours is grey in most terminals (xterm's, the Linux console's): black
 * on white would be a faint grey on a light theme. Such text is not made bold. */
static attr_t bold_unless_black(int role, attr_t a)
{
    if (use_colour && !colour256 && role_looks[role].fg8 == COLOR_BLACK)
        a &= ~(attr_t)A_BOLD;
    return a;
}

attr_t ui_role_attr(int role)
{
    if (role < 0 || role >= UI_ROLE_COUNT)
        role = UI_ROLE_NORMAL;
    if (!use_colour)
        return role_looks[role].mono;
    return bold_unless_black(role, COLOR_PAIR(role + 1) | role_looks[role].extra);
}

attr_t ui_look_attr(const UiCellLook *look)
{
    attr_t a = ui_role_attr(look->role);
    if (look->attr & UI_ATTR_BOLD)
        a |= look->role >= 0 && look->role < UI_ROLE_COUNT ? bold_unless_black(look->role, A_BOLD)
                                                           : A_BOLD;
    if (look->attr & UI_ATTR_UNDERLINE)
        a |= A_UNDERLINE;
    if (look->attr & UI_ATTR_REVERSE)
        a |= A_REVERSE;
    if ((look->attr & UI_ATTR_DIM) && !use_colour)
        a |= A_DIM;
    return a;
}

/* Sets up a colour pair per role. Returns 0 when the terminal cannot. */
static int setup_colours(int *has256)
{
    if (!has_colors() || start_color() == ERR || COLOR_PAIRS < UI_ROLE_COUNT + 1)
        return 0;
    int defaults = use_default_colors() == OK;
    *has256 = COLORS >= 256;
    for (int r = 0; r < UI_ROLE_COUNT; r++) {
        short fg = *has256 ? role_looks[r].fg256 : role_looks[r].fg8;
        short bg = *has256 ? role_looks[r].bg256 : role_looks[r].bg8;
        if (!defaults) {
            fg = fg < 0 ? COLOR_WHITE : fg;
            bg = bg < 0 ? COLOR_BLACK : bg;
        }
        init_pair((short)(r + 1), fg, bg);
    }
    return 1;
}

/* ---- Signals --------------------------------------------------------------------------- */

#define HUP_WAIT_MS 2000 /* the longest wait for the SIGHUP of a terminal that hung up */

static volatile sig_atomic_t quit_signal;
static volatile sig_atomic_t hup_seen; /* a SIGHUP came */
static int lead_tty; /* this process leads the session whose terminal is standard input */

/* Whether the terminal has gone away (its other end closed) without a SIGHUP reaching us:
 * then every read fails at once, and the loop must end rather than spin. */
static int terminal_gone(void)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

static void on_quit_signal(int sig)
{
    quit_signal = sig;
    if (sig == SIGHUP)
        hup_seen = 1;
}

/* The last thing the screen does: the program lets go of its terminal before it restores it
 * and ends, so that the terminal closing from now on sends it nothing. A terminal that hangs
 * up sends the leader of its session SIGHUP and SIGCONT; under LeakSanitizer, whose check at
 * exit stops the program with ptrace, a SIGCONT then cancels that stop, and the check waits
 * for it forever while the program spins (learn and puzzle, which have nothing to save, reach
 * the check within a few milliseconds of their screen). Giving up the terminal (TIOCNOTTY)
 * sends those two signals at once, while they do no harm; when the terminal has hung up
 * already (seen gone before its SIGHUP came), the program waits for that SIGHUP, which the
 * system sends with the SIGCONT. */
static void leave_terminal(void)
{
    struct sigaction ignore, old;
    if (!lead_tty)
        return;
    lead_tty = 0;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGHUP, &ignore, &old);
    int left = ioctl(STDIN_FILENO, TIOCNOTTY) == 0;
    sigaction(SIGHUP, &old, NULL);
    const struct timespec pause = {0, 10 * 1000 * 1000};
    for (int ms = 0; !left && !hup_seen && ms < HUP_WAIT_MS; ms += 10)
        nanosleep(&pause, NULL);
}

#if defined(__SANITIZE_ADDRESS__)
#define CAMELOT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAMELOT_ASAN 1
#endif
#endif

#ifndef CAMELOT_ASAN
/* The terminal's modes before curses changed them, for the crash handler. */
static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes;

/* A crash: give the terminal back, then die as the signal says. Only what is safe in a signal
 * handler: the escape sequences that undo curses' (mouse reports off, the cursor shown,
 * attributes reset, the normal screen and keypad back) written straight out, and the saved
 * modes. The game was saved after the last move, so nothing is lost. */
static void on_crash(int sig)
{
    static const char reset[] = "\033[?1000l\033[?1002l\033[?1006l\033[?25h\033[0m\033[?1l\033>"
                                "\033[?1049l\r\n";
    ssize_t w = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)w;
    if (have_saved_modes)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
    signal(sig, SIG_DFL);
    raise(sig);
}
#endif

static void install_signals(void)
{
    struct sigaction sa;
    lead_tty = getsid(0) == getpid() && tcgetsid(STDIN_FILENO) == getpid();
#ifndef CAMELOT_ASAN
    have_saved_modes = tcgetattr(STDIN_FILENO, &saved_modes) == 0;
#endif
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit_signal; /* no SA_RESTART: getch returns at once */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGQUIT, &sa, NULL); /* Ctrl-\ would leave the terminal raw, and dump core */
    signal(SIGPIPE, SIG_IGN);
    /* Under a file size limit ('ulimit -f') a write past it fails with EFBIG, which every
     * writer reports, instead of killing the program with the terminal in curses' modes. */
    signal(SIGXFSZ, SIG_IGN);
#ifndef CAMELOT_ASAN
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
#endif
}

/* ---- The loop ---------------------------------------------------------------------------- */

/* Takes over the terminal with the options of 'opt' (its colours as the terminal allows).
 * Returns NULL, having said why, when it cannot. */
static SCREEN *screen_open(UiOptions *opt)
{
    SCREEN *scr;

    install_signals();
    scr = newterm(NULL, stdout, stdin);
    if (scr == NULL) {
        fputs("camelot: cannot use this terminal (is TERM set?)\n", stderr);
        return NULL;
    }
    set_term(scr);
    cbreak();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    timeout(TICK_MS);
    if (opt->color) {
        int has256 = 0;
        use_colour = setup_colours(&has256);
        opt->color = use_colour;
        opt->color256 = use_colour && has256;
        colour256 = opt->color256;
    }
    return scr;
}

/* Whether more input waits to be read: the rest of a paste, or keys typed ahead. */
static int input_waiting(void)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;
}

/* The exit code after a signal that ended the screen, or 0. */
static int signal_exit(void)
{
    if (quit_signal == SIGINT || quit_signal == SIGTERM || quit_signal == SIGHUP ||
        quit_signal == SIGQUIT)
        return 128 + quit_signal;
    return 0;
}

int ui_run(Ui *ui)
{
    SCREEN *scr;
    FILE *lat = ui->opt.latency_log;
    unsigned flags = UI_DRAW_ALL | UI_DRAW_CLEAR;
    uint64_t drawn_at = 0;

    if ((scr = screen_open(&ui->opt)) == NULL)
        return 1;
    if (ui->opt.mouse)
        ui_input_mouse(1);
    ui_resize(ui, LINES, COLS);

    for (;;) {
        if (quit_signal)
            break;
        uint64_t now = clock_ms();
        flags |= ui_tick(ui, now);
        /* What is to draw waits while more keys do (a paste), for at most DRAW_LAG_MS: the
         * last of them answers for all. */
        if (flags && (now - drawn_at >= DRAW_LAG_MS || !input_waiting())) {
            ui_draw(ui, flags, now);
            flags = 0;
            drawn_at = now;
        }
        int key = 0, y = 0, x = 0;
        int got = ui_input_read(&key, &y, &x);
        if (got == UI_IN_NONE) {
            if (terminal_gone()) {
                quit_signal = SIGHUP;
                break;
            }
            continue;
        }
        uint64_t t0 = clock_us();
        unsigned done;
        now = clock_ms();
        if (got == UI_IN_RESIZE)
            done = ui_resize(ui, LINES, COLS);
        else if (got == UI_IN_CLICK)
            done = ui_handle_click(ui, y, x, now);
        else
            done = ui_handle_key(ui, key, now);
        if (done & UI_QUIT)
            break;
        if (done == 0)
            continue; /* nothing changed: a key of no use here, or past the end of a line */
        flags |= done | UI_DRAW_STATUS;
        if (now - drawn_at < DRAW_LAG_MS && input_waiting())
            continue;
        /* Answer the key at once. */
        ui_draw(ui, flags, now);
        flags = 0;
        drawn_at = now;
        if (lat != NULL) {
            fprintf(lat, "%llu\n", (unsigned long long)(clock_us() - t0));
            fflush(lat);
        }
    }
    /* The screen ends for good unless the game's review is to follow (see 'want_analysis'). */
    int rc = signal_exit();
    if (rc != 0 || !ui->want_analysis)
        leave_terminal();
    if (ui->opt.mouse)
        ui_input_mouse(0);
    endwin();
    delscreen(scr);
    return rc;
}

/* ---- The review screen ----------------------------------------------------------------- */

/* Lays out the review's board for the terminal as it is now. */
static void review_layout(UiReview *r)
{
    const CmVariant *v = r->game->v;
    ui_layout_compute(&r->board.lay, LINES, COLS, v->files, v->ranks, r->board.opt.flip ? 2 : 0);
}

/* Handles what the terminal sent: 'got' from 'ui_input_read'. Returns redraw flags. */
static unsigned review_input(UiReview *r, int got, int key)
{
    if (got == UI_IN_RESIZE) {
        review_layout(r);
        return UI_DRAW_ALL | UI_DRAW_CLEAR;
    }
    if (got != UI_IN_KEY)
        return 0;
    unsigned flags = ui_review_key(r, key);
    if (flags & UI_QUIT)
        r->quit = 1;
    return flags;
}

/* The connection of a server's game stays up however long the review takes: the server drops
 * a player who answers no ping for 10 s. */
static void review_keep(UiReview *r)
{
    if (r->keep != NULL)
        lobby_keep_alive(r->keep, clock_ms());
}

int ui_review_pump(UiReview *r)
{
    int key = 0, y = 0, x = 0, got;

    review_keep(r);
    /* What the engine found since the last look, then every key waiting. */
    ui_review_draw(r, 0);
    timeout(0);
    while (!r->quit && !quit_signal && (got = ui_input_read(&key, &y, &x)) != UI_IN_NONE) {
        unsigned flags = review_input(r, got, key);
        if (flags & UI_DRAW_ALL)
            ui_review_draw(r, flags);
    }
    timeout(TICK_MS);
    if (quit_signal || terminal_gone())
        r->quit = 1;
    return r->quit;
}

int ui_review_run(UiReview *r, void (*run)(void *ud), void *ud)
{
    SCREEN *scr;

    if ((scr = screen_open(&r->board.opt)) == NULL)
        return 1;
    r->quit = r->practise = 0;
    review_layout(r);
    ui_review_draw(r, UI_DRAW_ALL | UI_DRAW_CLEAR);
    run(ud);
    r->analysing = 0;
    if (r->practise_at_end && !r->quit) {
        /* 'review --practise': the practice at once, the first time. */
        r->practise_at_end = 0;
        r->practise = r->quit = 1;
    }
    unsigned flags = UI_DRAW_ALL;
    while (!r->quit && !quit_signal) {
        if (flags)
            ui_review_draw(r, flags);
        int key = 0, y = 0, x = 0;
        int got = ui_input_read(&key, &y, &x);
        review_keep(r);
        if (got == UI_IN_NONE && terminal_gone()) {
            quit_signal = SIGHUP;
            break;
        }
        flags = review_input(r, got, key);
    }
    /* A signal or the terminal gone ends the program; q may go back to a game. */
    int rc = signal_exit();
    if (rc != 0)
        leave_terminal();
    endwin();
    delscreen(scr);
    return rc;
}
