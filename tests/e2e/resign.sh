# End-to-end: resigning and agreeing a draw in the real 'camelot', two people at one keyboard,
# driven in tmux at 80x24 as in play.sh. Each game ends off the board, and its autosave says
# how (Result and Termination), replays and resumes still over. Exits 77 (a skip) when tmux is
# missing. Run as: bash resign.sh PATH_TO_camelot SOURCE_DIR
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
DATA="$TMP/data"
SAVE="$DATA/camelot/autosave.txt"
FAILS=0
tm() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() {
    local p
    tm kill-server >/dev/null 2>&1
    # No program of this test may outlive it.
    for p in /proc/[0-9]*; do
        if tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qxF "XDG_DATA_HOME=$DATA"; then
            kill -9 "${p#/proc/}" 2>/dev/null
        fi
    done
    rm -rf "$TMP"
}
trap cleanup EXIT
unset CAMELOT_VARIANT_DIR TMUX NO_COLOR

# A session that lives throughout, so that the server never exits between games.
tm new-session -d -s keep -x 80 -y 24 "sleep 100000" || {
    echo "FAIL: tmux cannot start a server"
    exit 1
}

# session COMMAND: a new session "g" of 80x24 running COMMAND (retried if tmux is slow).
session() {
    local i
    tm kill-session -t g >/dev/null 2>&1
    for i in 1 2 3 4 5; do
        if tm new-session -d -s g -x 80 -y 24 "$1" 2>/dev/null; then
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

# start ARGS...: camelot in session "g", with a private data directory.
start() {
    session "exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' $*"
}

screen() { tm capture-pane -p -t g 2>/dev/null; }

# wait_for TEXT [SECONDS]: polls the screen until it shows TEXT (a fixed string).
wait_for() {
    local text=$1 limit=${2:-15} i=0
    while [ $i -lt $((limit * 20)) ]; do
        if screen | grep -qF -- "$text"; then
            return 0
        fi
        sleep 0.05
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

# typed MOVE: ':' then the move and Enter.
typed() { keys : && keys -l "$1" && keys Enter; }

alive() { [ "$(tm display -p -t g '#{pane_dead}')" = 0 ]; }

# wait_dead [SECONDS]: until the program in the pane has ended.
wait_dead() {
    local limit=${1:-10} i=0
    while [ $i -lt $((limit * 20)) ]; do
        alive || return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# tag NAME VALUE: whether the autosave has the tag line [NAME "VALUE"].
tag() { grep -qxF "[$1 \"$2\"]" "$SAVE"; }

# ---- 1. Black resigns, after thinking better of it once ------------------------------------
start --seat B=human
check "two people at one keyboard" wait_for "White to move: pick a piece"
typed E6-E8
check "White's move" wait_for "White played E6-E8."
keys R
check "R asks first" wait_for "Black: resign the game? y resigns, n plays on."
check "the key bar says y or n" wait_for "y yes  n no"
keys n
check "n takes it back" wait_for "Black plays on."
check "and the game goes on" wait_for "Black to move"
keys R
check "R asks again" wait_for "Black: resign the game?"
keys y
check "y resigns" wait_for "Black resigns. White wins."
check "the game is over" wait_for "Game over"
keys q
check "q quits" wait_dead
check "the autosave says White won by resignation" \
    eval 'tag Result W && tag Termination resignation && tag Resigned B'
check "its moves end with the result" eval 'grep -qx "1. E6-E8 W" "$SAVE"'
OUT=$("$CAMELOT" replay "$SAVE" 2>&1)
check "replay accepts it and prints the recorded result" \
    eval 'echo "$OUT" | grep -qx "result: ongoing" && echo "$OUT" | grep -qx "recorded result: W"'
start --resume
check "resumed, the game is still over" wait_for "Black resigns. White wins."
check "with no one to move" eval '! screen | grep -qF "to move"'
keys q
check "q quits the resumed game" wait_dead

# ---- 2. A draw declined, then agreed ---------------------------------------------------------
start --seat B=human
check "a new game for two people" wait_for "White to move: pick a piece"
typed E6-E8
check "White's move" wait_for "White played E6-E8."
keys D
check "D asks the other player" wait_for "Black offers a draw. White, do you accept? (y/n)"
keys n
check "White declines" wait_for "White declines the draw."
check "and Black is still to move" wait_for "Black to move"
typed F11-F9
check "Black's move" wait_for "Black played F11-F9."
keys D
check "White offers a draw" wait_for "White offers a draw. Black, do you accept? (y/n)"
keys y
check "Black accepts" wait_for "Draw agreed."
check "the game is over" wait_for "Game over"
keys q
check "q quits" wait_dead
check "the autosave says the draw was agreed" \
    eval 'tag Result draw && tag Termination agreement && ! grep -q Resigned "$SAVE"'
OUT=$("$CAMELOT" replay "$SAVE" 2>&1)
check "replay accepts it and prints the recorded draw" \
    eval 'echo "$OUT" | grep -qx "recorded result: draw"'
start --load "$SAVE"
check "loaded, the game is still over" wait_for "Draw agreed."
keys q
check "q quits the loaded game" wait_dead

if [ "$FAILS" -gt 0 ]; then
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
