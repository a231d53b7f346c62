# serve_timers: what the server does on its own time, which its loop looks at only when it is
# due: a silent client is pinged, then dropped; a clock runs out with nobody sending anything;
# an engine seat answers a move; clients that answer the pings stay. Players speak the protocol
# through 'camelot relay' (the same user as the server, so '--as' names them). The waits are
# long (sanitizers, a busy machine); the checks that time the server say so.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

SOCK=$TMP/server.sock
"$CAMELOT" serve --socket "$SOCK" --data "$TMP" --first-move 2 --quiet &
SERVER=$!
PIDS=""
trap 'kill $SERVER $PIDS 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
wait_server "$SOCK"

# player NAME FD: a relay for NAME, written to through file descriptor FD, whose lines go to
# $TMP/NAME.out; its process id in $TMP/NAME.pid.
player() {
    mkfifo "$TMP/$1.in"
    "$CAMELOT" relay --socket "$SOCK" --as "$1" <"$TMP/$1.in" >"$TMP/$1.out" 2>&1 &
    echo $! >"$TMP/$1.pid"
    PIDS="$PIDS $!"
    eval "exec $2>\"\$TMP/\$1.in\""
}

# wait_for NAME REGEX [N]: waits (two minutes at most) for N (default 1) lines of NAME's
# matching REGEX.
wait_for() {
    local i
    for i in $(seq 1200); do
        [ "$(grep -Ec -- "$2" "$TMP/$1.out")" -ge "${3:-1}" ] && return 0
        sleep 0.1
    done
    return 1
}

# A client that says hello and then nothing is pinged after 3 s, and dropped after 10 s.
START=$(date +%s%N)
player quiet 3
echo "hello 1" >&3
check "a quiet client is greeted" wait_for quiet "^ok hello 1 quiet$"
check "a quiet client is pinged" wait_for quiet "^ping 1$"
PINGED=$(date +%s%N)
check "the ping came no sooner than 3 s after its last word (timed)" \
    [ $(((PINGED - START) / 1000000)) -ge 3000 ]
QUIET=$(cat "$TMP/quiet.pid")
for _ in $(seq 1200); do
    kill -0 "$QUIET" 2>/dev/null || break
    sleep 0.1
done
DROPPED=$(date +%s%N)
check "a client that does not answer is dropped" eval '! kill -0 "$QUIET" 2>/dev/null'
check "the drop came no sooner than 10 s after its last word (timed)" \
    [ $(((DROPPED - START) / 1000000)) -ge 10000 ]
exec 3>&-

# A clock of 1 s runs out while neither player sends anything: the server's own timer ends
# the game. A seat's first move costs no time, so each makes one first, at once (a first move
# is waited for 2 s here, '--first-move 2', and no longer: the next game shows that).
MOVES=$(printf 'variant camette\nposition start\ngo depth 1\n' | "$CAMELOT" engine |
    sed -n 's/^bestmove \([^ ]*\).*/\1/p')
REPLY=$(printf 'variant camette\nposition start moves %s\ngo depth 1\n' "$MOVES" |
    "$CAMELOT" engine | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
player alice 4
player bob 5
echo "hello 1" >&4
echo "hello 1" >&5
echo "create camette 1+0 casual W=me B=open" >&4
check "a game with a clock of 1 s is made" wait_for alice "^ok create [0-9]+ "
ID=$(sed -n 's/^ok create \([0-9]*\) .*/\1/p' "$TMP/alice.out")
echo "join $ID" >&5
check "it begins" wait_for bob "^ev $ID [0-9]+ start "
echo "move $ID 0 w1 $MOVES 10" >&4
check "White's first move, free" wait_for bob "^ev $ID [0-9]+ move 0 .* W=1000,B=1000$"
echo "move $ID 1 b1 $REPLY 10" >&5
check "Black's first move, free" wait_for alice "^ev $ID [0-9]+ move 1 .* W=1000,B=1000$"
check "White's time runs out: both players hear the end" \
    eval 'wait_for alice "^ev $ID [0-9]+ end B time " && wait_for bob "^ev $ID [0-9]+ end B time "'

# A game whose player to move makes no first move is aborted, for nobody, after the time
# '--first-move' gives (2 s here).
echo "create camette 60+0 rated W=me B=open" >&4
check "a rated game of 60 s is made" wait_for alice "^ok create [0-9]+ " 2
ID=$(sed -n 's/^ok create \([0-9]*\) .*/\1/p' "$TMP/alice.out" | tail -n 1)
echo "join $ID" >&5
check "it begins too" wait_for bob "^ev $ID [0-9]+ start "
check "White makes no first move: the game is aborted, unrated" \
    eval 'wait_for bob "^ev $ID [0-9]+ end \* aborted White made no first move in 2 s" &&
          ! grep -q "^ev $ID [0-9]* rating " "$TMP/bob.out"'

# An engine seat answers a move: the game's engine is looked at when the move has changed it.
MOVE=$("$CAMELOT" moves --variant camette | head -n 1 | cut -f 2)
echo "create camette none casual W=me B=engine:1" >&4
check "a game against the engine is made" wait_for alice "^ok create [0-9]+ " 3
ID=$(sed -n 's/^ok create \([0-9]*\) .*/\1/p' "$TMP/alice.out" | tail -n 1)
echo "move $ID 0 a1 $MOVE 100" >&4
check "the move is played" wait_for alice "^ok move $ID 0$"
check "the engine answers it" wait_for alice "^ev $ID [0-9]+ move 1 [A-H][0-9]+[-x]"
exec 4>&- 5>&-

# Clients that answer every ping stay: six clients of loadgen, three games with a move every
# 4 s among them for 14 s, so that some client is quiet longer than the 10 s after which a
# client that does not answer is dropped.
run loadgen --socket "$SOCK" --clients 6 --seconds 14 --rate 0.25
check "clients that answer the pings are not dropped" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^moves [1-9][0-9]*$"'

finish
