# Helpers for the end-to-end tests of 'camelot online' on the screen, sourced after lib.sh: a
# server of the test's own on a socket in the test's directory, and a terminal (a tmux session
# of 80x24) for each player. All the players are one Unix user here, so each one's client
# reaches the server the way a shared account's players do: $CAMELOT_SSH names a script of the
# test that ignores its arguments and runs 'camelot relay --socket SOCK --as NAME' (the server
# believes the name from its own user). A file $TMP/block-NAME makes that script fail, as an
# ssh that cannot connect does.
# SPDX-License-Identifier: MIT

# The script's path goes into $CAMELOT_SSH, which is split at spaces.
case $TMP in
*[!A-Za-z0-9_./+-]*)
    echo "FAIL: the test's directory $TMP must hold only letters, digits and _./+-"
    exit 1
    ;;
esac

SERVER_SOCK=$TMP/server.sock
TF=$(time_factor)

# start_server: 'camelot serve' in the background, until it listens.
start_server() {
    local i
    env XDG_DATA_HOME="$DATA" "$CAMELOT" serve --socket "$SERVER_SOCK" --data "$TMP/server" \
        --sync normal 2>"$TMP/server.log" &
    SERVER_PID=$!
    for i in $(seq 1 $((400 * TF))); do
        [ -S "$SERVER_SOCK" ] && return 0
        sleep 0.05
    done
    echo "FAIL: camelot serve did not listen on $SERVER_SOCK"
    cat "$TMP/server.log"
    exit 1
}

# client NAME [TERMINAL]: the player NAME's terminal, a tmux session named TERMINAL (or NAME)
# running 'camelot online'. A terminal's name must not begin the name of a window ("camelot",
# "sleep"): tmux takes such a target for the window of another session.
client() {
    local who=$1 t=${2:-$1}
    cat >"$TMP/ssh-$t" <<EOF
#!/bin/sh
[ -e '$TMP/block-$t' ] && exit 1
exec '$CAMELOT' relay --socket '$SERVER_SOCK' --as $who
EOF
    chmod +x "$TMP/ssh-$t"
    tm kill-session -t "$t" >/dev/null 2>&1
    tm new-session -d -s "$t" -x 80 -y 24 "cd '$TMP' && exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' CAMELOT_SSH='$TMP/ssh-$t' '$CAMELOT' online --server ssh://server" ||
        { echo "FAIL: tmux cannot start $who's terminal"; exit 1; }
    tm set-option -t "$t" remain-on-exit on >/dev/null
}

# greedy_moves N FILE: the first N moves of a game of Camelot between two greedy players, one a
# line, into FILE; exits the test when the game has fewer.
greedy_moves() {
    env XDG_DATA_HOME="$DATA" "$CAMELOT" match --a greedy --b greedy --variant camelot --games 1 \
        --seed 1 --records "$TMP/match.txt" >/dev/null 2>&1
    grep -v '^\[' "$TMP/match.txt" | sed 's/{[^}]*}//g' | tr ' ' '\n' |
        grep -E '^[A-P][0-9]+([-x^][A-P][0-9]+)+$' | head -n "$1" >"$2"
    [ "$(wc -l <"$2")" -eq "$1" ] || {
        echo "FAIL: camelot match gave no game of $1 plies"
        exit 1
    }
}

# alice_and_bob: a server, and the terminals of alice and bob; alice makes game 1 (the form's
# first choices: Camelot, casual, Black open) and bob takes Black from his lobby.
alice_and_bob() {
    start_server
    client alice
    client bob
    on alice
    check "alice's lobby" wait_for "camelot online - alice"
    keys n
    check "the form of a new game" wait_for "New game on the server"
    keys Enter
    check "the game waits for a player" wait_for "Waiting for players: Black is open."
    on bob
    check "bob's lobby" wait_for "camelot online - bob"
    keys r
    check "bob's lobby lists the game" wait_for ">    1  waiting, 1/2 seats     camelot" $((15 * TF))
    keys Enter
    check "bob takes Black" wait_for "Game 1, casual: White (alice), Black (you)."
}

# on NAME: the terminal the helpers of lib.sh (screen, keys, wait_for, goto, typed) act on.
PANE=g
on() { PANE=$1; }
screen() { tm capture-pane -p -t "$PANE" 2>/dev/null; }
keys() { tm send-keys -t "$PANE" "$@"; }
alive() { [ "$(tm display -p -t "$PANE" '#{pane_dead}')" = 0 ]; }

# client_pid NAME: the process of NAME's 'camelot online'.
client_pid() { tm display -p -t "$1" '#{pane_pid}'; }

# board_row N: the Nth row of the board on the screen (1: the top row of squares, under the
# labels), as the terminal of $PANE shows it.
board_row() { screen | sed -n "$(($1 + 2))p"; }
