# Helpers for the end-to-end scripts: the real 'camelot' in a terminal that tmux provides,
# driven with send-keys and read with capture-pane, polling the screen with a timeout instead
# of sleeping. A script run as 'bash SCRIPT PATH_TO_camelot SOURCE_DIR' sources this file,
# which sets CAMELOT (the program, an absolute path), makes a private tmux server and data
# directory (removed at exit) and exits 77 (a skip) when tmux is missing. Checks count
# failures in FAILS; 'finish' ends the script with its verdict.
# SPDX-License-Identifier: MIT

if [ $# -lt 2 ]; then
    echo "usage: bash $0 PATH_TO_camelot SOURCE_DIR" >&2
    exit 2
fi
CAMELOT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed"
    exit 77
fi

. "$(dirname "${BASH_SOURCE[0]}")/../time_factor.sh"
TMP=$(mktemp -d)
SOCK="$TMP/tmux.sock"
DATA="$TMP/data"
FAILS=0
tm() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() {
    local p
    tm kill-server >/dev/null 2>&1
    # No program of the script may outlive it. (Under LeakSanitizer a program whose terminal
    # went away has been seen hanging in the exit-time leak check, which stops threads with
    # ptrace.)
    for p in /proc/[0-9]*; do
        if tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "XDG_DATA_HOME=$DATA"; then
            kill -9 "${p#/proc/}" 2>/dev/null
        fi
    done
    rm -rf "$TMP"
}
trap cleanup EXIT
unset CAMELOT_VARIANT_DIR TMUX NO_COLOR
# No settings file of the machine's user reaches the program.
export XDG_CONFIG_HOME="$TMP/config"

# A session that lives throughout, so that the server never exits between games.
tm new-session -d -s keep -x 80 -y 24 "sleep 100000" || {
    echo "FAIL: tmux cannot start a server"
    exit 1
}

# polled COMMAND [SECONDS]: polls until COMMAND (shell text, given to eval) succeeds, every
# 50 ms for up to SECONDS (15); every wait below is one. A check of what a screen shows, made
# after waiting for other text on it, polls so too: tmux may show a screen half drawn, its
# first lines before the rest.
polled() {
    local _polled_i=0
    while [ $_polled_i -lt $((${2:-15} * 20)) ]; do
        eval "$1" && return 0
        sleep 0.05
        _polled_i=$((_polled_i + 1))
    done
    return 1
}

# ended PID SECONDS: whether process PID has ended (a zombie has) within SECONDS.
ended() {
    local _ended_pid=$1
    polled '[ ! -d "/proc/$_ended_pid" ] ||
            [ "$(sed "s/^.*) //" "/proc/$_ended_pid/stat" 2>/dev/null | cut -c1)" = Z ]' "$2"
}

# hang_up: closes the terminal of session "g" and waits until its program has ended, which
# saves the game and lets go of the data directory's autosave. While a program still holds it,
# a new game would be saved to another autosave and say so on its screen, which no check
# expects (seen on CI: a game started just after q). The program's own promise to end within
# a second of q or SIGHUP is checked in saves.sh; here it is given ten times that, then killed.
hang_up() {
    local pid limit=$((10 * $(time_factor)))
    pid=$(tm display -p -t g '#{pane_pid}' 2>/dev/null)
    tm kill-session -t g >/dev/null 2>&1
    if [ -n "$pid" ] && ! ended "$pid" "$limit"; then
        echo "note: the program before (pid $pid) had not ended $limit s after its terminal closed; killed"
        kill -9 "$pid" 2>/dev/null
        ended "$pid" 5
    fi
}

# session COMMAND: a new session "g" of 80x24 (or TERM_COLS x TERM_ROWS) running COMMAND
# (retried if tmux is slow), once the program of the session before has ended (hang_up).
session() {
    local i
    hang_up
    for i in 1 2 3 4 5; do
        if tm new-session -d -s g -x "${TERM_COLS:-80}" -y "${TERM_ROWS:-24}" "$1" 2>/dev/null; then
            tm set-option -t g remain-on-exit on >/dev/null
            return 0
        fi
        sleep 0.2
        tm kill-session -t g >/dev/null 2>&1
    done
    echo "FAIL: tmux cannot start a session"
    FAILS=$((FAILS + 1))
    return 1
}

# start ARGS...: camelot in session "g" (in directory $TMP), with a private data directory.
start() {
    session "cd '$TMP' && exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$CAMELOT' $*"
}

screen() { tm capture-pane -p -t g 2>/dev/null; }

# wait_for TEXT [SECONDS]: polls the screen until it shows TEXT (a fixed string).
wait_for() {
    local _wait_for_text=$1
    polled 'screen | grep -qF -- "$_wait_for_text"' "${2:-15}"
}

# wait_gone TEXT [SECONDS]: until the screen no longer shows TEXT.
wait_gone() {
    local _wait_gone_text=$1
    polled '! screen | grep -qF -- "$_wait_gone_text"' "${2:-15}"
}

# wait_match REGEX [SECONDS]: polls the screen until it shows a match of REGEX (extended).
wait_match() {
    local _wait_match_re=$1
    polled 'screen | grep -qE -- "$_wait_match_re"' "${2:-15}"
}

# check WHAT COMMAND...: runs COMMAND; on failure says so and shows the screen.
check() {
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what"
        echo "---- screen ----"
        screen
        echo "----------------"
        FAILS=$((FAILS + 1))
    fi
}

keys() { tm send-keys -t g "$@"; }

# The square under the cursor, from the title line ("[E6]").
cursor() { screen | head -1 | grep -o '\[[A-P][0-9]*\]' | tr -d '[]'; }

# goto SQUARE: arrow keys until the cursor is there, one key at a time.
goto() {
    local want=$1 i cur cf cr wf wr key
    wf=$(printf '%d' "'${want:0:1}")
    wr=${want:1}
    for i in $(seq 1 60); do
        cur=$(cursor)
        [ -n "$cur" ] || { sleep 0.05; continue; }
        [ "$cur" = "$want" ] && return 0
        cf=$(printf '%d' "'${cur:0:1}")
        cr=${cur:1}
        if [ "$wr" -gt "$cr" ]; then key=Up
        elif [ "$wr" -lt "$cr" ]; then key=Down
        elif [ "$wf" -gt "$cf" ]; then key=Right
        else key=Left
        fi
        keys "$key"
        wait_gone "[$cur]" 3 || return 1
    done
    return 1
}

# typed MOVE: ':' then the move and Enter.
typed() { keys : && keys -l "$1" && keys Enter; }

alive() { [ "$(tm display -p -t g '#{pane_dead}')" = 0 ]; }

# wait_dead [SECONDS]: until the program in the pane has ended.
wait_dead() { polled '! alive' "${1:-10}"; }

# closed_while_ending ARGS...: runs camelot ARGS as the leader of its terminal's session (as
# when it is a pane's or a terminal window's own program), stops the terminal's output
# (Ctrl-S) and presses q, so that the program is still ending, writing its last screen, when
# the terminal then closes. Sets ENDED_TTY to its terminal as the system has it at that moment
# (0: none) and ENDED_STATUS to its exit status ("" when it has not ended after 20 s).
closed_while_ending() {
    local i pid=
    ENDED_TTY=
    ENDED_STATUS=
    rm -f "$TMP/status"
    session "cd '$TMP' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' setsid --ctty --wait '$CAMELOT' $*; echo \$? >'$TMP/status'; exec sleep 100000"
    wait_for "q quit" 20 || return 1
    for i in $(seq 1 100); do
        pid=$(pgrep -n -f -- "^$CAMELOT $1") && break
        sleep 0.05
    done
    [ -n "$pid" ] || return 1
    keys C-s
    keys q
    # Ending, it blocks on the stopped output; its state there is read, then the terminal goes.
    for i in $(seq 1 100); do
        [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" = S ] &&
            grep -q "wait_woken\|n_tty_write\|tty_write" "/proc/$pid/wchan" 2>/dev/null && break
        sleep 0.05
    done
    ENDED_TTY=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f5)
    tm kill-session -t g
    for i in $(seq 1 400); do
        [ -s "$TMP/status" ] && break
        sleep 0.05
    done
    ENDED_STATUS=$(cat "$TMP/status" 2>/dev/null)
}

finish() {
    if [ "$FAILS" -ne 0 ]; then
        echo "$FAILS check(s) failed"
        exit 1
    fi
    echo "all checks passed"
    exit 0
}
