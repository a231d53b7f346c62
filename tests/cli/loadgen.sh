# loadgen: a server of the test's own and a few clients of 'camelot loadgen' for two seconds:
# the figures' shape, moves played (and on the server, by the players the clients named), and
# the usage errors. A benchmark prints its figures; no check here is of a time.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

SOCK=$TMP/server.sock
"$CAMELOT" serve --socket "$SOCK" --data "$TMP" --quiet &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$TMP"' EXIT
wait_server "$SOCK"

run loadgen --socket "$SOCK" --clients 6 --seconds 2 --rate 30 --seed 7
check "loadgen plays and prints every figure" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^clients 6$" && has "$OUT" "^games 3$" &&
          has "$OUT" "^games_finished [0-9]+$" && has "$OUT" "^seconds [0-9]+\.[0-9]$" &&
          has "$OUT" "^moves_per_second [0-9]+\.[0-9]$" &&
          has "$OUT" "^round_trip_ms median [0-9.]+ p90 [0-9.]+ p99 [0-9.]+ max [0-9.]+$" &&
          has "$OUT" "^server_pid $SERVER$" &&
          has "$OUT" "^server_rss_kib start [0-9]+ clients [0-9]+ idle_games [0-9]+$" &&
          has "$OUT" "^per_client_kib -?[0-9]+\.[0-9]$" &&
          has "$OUT" "^per_idle_game_kib -?[0-9]+\.[0-9]$"'
MOVES=$(printf '%s\n' "$OUT" | sed -n 's/^moves \([0-9]*\)$/\1/p')
check "moves were played ($MOVES)" [ "${MOVES:-0}" -gt 0 ]
check "the round trips are in order: median <= p90 <= p99 <= max" \
    eval 'printf "%s\n" "$OUT" | awk "/^round_trip_ms/ { exit !(\$3 <= \$5 && \$5 <= \$7 &&
                                                            \$7 <= \$9) }"'

# The server has the games: the first pair's, with its moves, played by the players its two
# connections named ('as load1', 'as load2': the loadgen runs as the server's user).
printf 'hello 1\nexport 1\nquit\n' >"$TMP/ask"
run_in "$TMP/ask" relay --socket "$SOCK"
check "the server kept game 1, with moves, between load1 and load2" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^record \[White \"load1\"\]$" &&
          has "$OUT" "^record \[Black \"load2\"\]$" && has "$OUT" "^record 1\. [A-L][0-9]+" &&
          has "$OUT" "^ok export 1 "'

run loadgen --socket "$SOCK" --clients 3
check "an odd number of clients is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad client count .3."'
run loadgen --socket "$SOCK" --variant grand-camelot
check "a variant of four seats is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "has 4 seats"'
run loadgen --socket "$SOCK" --rate 0
check "a rate of 0 is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "bad rate .0."'
run loadgen --socket "$SOCK" --clients 4 --rate 201
check "more than 100 moves a second a game is a usage error (a client may send 100 lines)" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad rate .201. \(at most 100 a game, 200 here\)"'
run loadgen --socket "$TMP/none.sock" --clients 2
check "no server is bad input" \
    eval '[ "$RC" = 1 ] && has "$ERR" "no server listens on $TMP/none.sock"'

# A server started with a soft limit of 64 open files raises it (to the hard limit, or what it
# can use) and takes 100 clients at once.
kill "$SERVER"
wait "$SERVER" 2>/dev/null || true
mkdir "$TMP/low"
SOCK=$TMP/low/server.sock
(ulimit -Sn 64 && exec "$CAMELOT" serve --socket "$SOCK" --data "$TMP/low" --quiet) &
SERVER=$!
wait_server "$SOCK"
HARD=$(ulimit -Hn)
WANT=$((20000 + 64))
[ "$HARD" = unlimited ] || [ "$HARD" -gt "$WANT" ] || WANT=$HARD
SOFT=$(awk '/^Max open files/ { print $4 }' "/proc/$SERVER/limits")
check "the server's soft limit of open files is raised from 64 to $WANT ($SOFT)" \
    [ "$SOFT" = "$WANT" ]
run loadgen --socket "$SOCK" --clients 100 --seconds 1 --rate 50
check "a server started with 64 open files takes 100 clients" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^clients 100$" && has "$OUT" "^games 50$"'

# A server whose hard limit is 64 open files cannot take 100 clients: those it cannot take
# wait, and it does not spin meanwhile (it once woke for them again and again, a whole core
# busy). When the clients leave, it serves the next one.
kill "$SERVER"
wait "$SERVER" 2>/dev/null || true
mkdir "$TMP/hard"
SOCK=$TMP/hard/server.sock
(ulimit -n 64 && exec "$CAMELOT" serve --socket "$SOCK" --data "$TMP/hard" --quiet) &
SERVER=$!
wait_server "$SOCK"
"$CAMELOT" loadgen --socket "$SOCK" --clients 100 --seconds 1 >/dev/null 2>&1 &
LOADGEN=$!
sleep 2
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
BEFORE=$(cpu_ticks)
sleep 10
AFTER=$(cpu_ticks)
TICK=$(getconf CLK_TCK)
check "a server out of file descriptors uses little CPU while clients wait: $((AFTER - BEFORE)) \
ticks of $TICK a second in 10 s (timed)" [ $((AFTER - BEFORE)) -lt $((3 * TICK)) ]
kill "$LOADGEN" 2>/dev/null || true
wait "$LOADGEN" 2>/dev/null || true
printf 'hello 1\nquit\n' >"$TMP/ask"
run_in "$TMP/ask" relay --socket "$SOCK"
check "once they are gone it serves the next client" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^ok hello 1 " && has "$OUT" "^ok quit$"'

finish
