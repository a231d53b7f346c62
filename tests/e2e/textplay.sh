# End-to-end: the text game on a terminal that tmux provides, against the engine at level 10
# (which thinks for seconds): while it thinks, 'quit' and Ctrl-D leave at once, 'now' makes it
# move, and a move typed is refused with the reason. Polls the screen with a timeout. Exits 77
# (a skip) when tmux is missing. Run as: bash textplay.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

if [ $# -lt 2 ]; then
    echo "usage: bash $0 PATH_TO_camelot SOURCE_DIR" >&2
    exit 2
fi
CAMELOT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed"
    exit 77
fi

TMP=$(mktemp -d)
SOCK="$TMP/tmux.sock"
MARK="CAMELOT_TEXTPLAY_TEST=$TMP"
FAILS=0
tm() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() {
    local p
    tm kill-server >/dev/null 2>&1
    # No program of this test may outlive it.
    for p in /proc/[0-9]*; do
        if tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "$MARK"; then
            kill -9 "${p#/proc/}" 2>/dev/null
        fi
    done
    rm -rf "$TMP"
}
trap cleanup EXIT
unset CAMELOT_VARIANT_DIR TMUX

tm new-session -d -s keep -x 80 -y 24 "sleep 100000" || {
    echo "FAIL: tmux cannot start a server"
    exit 1
}

# start: the text game against the engine at level 10 in session "g"; the shell says when and
# how it ended.
start() {
    local i
    tm kill-session -t g >/dev/null 2>&1
    for i in 1 2 3 4 5; do
        if tm new-session -d -s g -x 80 -y 24 \
            "env $MARK HOME='$TMP' XDG_DATA_HOME='$TMP/data' '$CAMELOT' --text --seat B=engine:10; echo EXIT=\$?; sleep 100000" \
            2>/dev/null; then
            return 0
        fi
        sleep 0.2
    done
    echo "FAIL: tmux cannot start a session"
    FAILS=$((FAILS + 1))
    return 1
}

screen() { tm capture-pane -p -t g 2>/dev/null; }

# wait_for TEXT [TENTHS]: polls the screen until it shows TEXT (a fixed string); 15 s by
# default.
wait_for() {
    local text=$1 limit=${2:-150} i=0
    while [ $i -lt "$limit" ]; do
        if screen | grep -qF -- "$text"; then
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

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

# White moves, and Black starts thinking.
white_moves() {
    wait_for "W>" && keys -l "E6-E8" && keys Enter && wait_for "Black is thinking..."
}

# 'quit' while the engine thinks: the game ends within a second, before Black's move.
start
check "the engine thinks after the person's move" white_moves
keys -l quit && keys Enter
check "quit while the engine thinks ends the game at once" \
    eval 'wait_for "EXIT=0" 10 && ! screen | grep -q "^Black plays "'

# Ctrl-D (the end of input) while the engine thinks does the same.
start
check "the engine thinks again" white_moves
keys C-d
check "Ctrl-D while the engine thinks ends the game at once" \
    eval 'wait_for "EXIT=0" 10 && ! screen | grep -q "^Black plays "'

# A move typed while the engine thinks is refused; 'now' makes it move.
start
check "the engine thinks a third time" white_moves
keys -l F6-F8 && keys Enter
check "a move typed while the engine thinks is refused with the reason" \
    wait_for "Black is the engine's to play: wait for its move, or type 'now'." 10
keys -l now && keys Enter
check "'now' makes the engine move at once, and the person is to move" \
    eval 'wait_for "Black plays " 10 && wait_for "W>" 10'
keys -l quit && keys Enter
check "quit at the prompt ends the game" wait_for "EXIT=0" 10

if [ "$FAILS" -ne 0 ]; then
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
