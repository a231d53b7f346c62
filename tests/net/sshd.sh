# The road through OpenSSH, tested for real: a private sshd on 127.0.0.1 (its own host key,
# port, configuration and authorized_keys) binds two keys to two players with
# restrict,command="camelot relay --as NAME", as docs/network.md tells a shared account to. Two
# 'camelot online' clients play a short game through it to its end; the player bound as alice
# cannot move, offer or resign for bob's seat, and a relay of alice's that claims to be bob
# is still alice. Then a relay run by another Unix user with --as bob is that user (as root
# only). Exits 77 (a skip), saying why, only when sshd cannot run here at all, or lets no one
# in as this user (an account locked with '!').
# Run as: bash sshd.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

if [ $# -lt 2 ]; then
    echo "usage: bash $0 PATH_TO_camelot SOURCE_DIR" >&2
    exit 2
fi
CAMELOT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export LC_ALL=C
unset CAMELOT_VARIANT_DIR CAMELOT_SSH

. "$(dirname "$0")/sshdlib.sh"

# ---- The keys, the configuration and sshd ----------------------------------------------------

for who in alice bob; do
    ssh-keygen -q -t ed25519 -N '' -C "$who" -f "$TMP/$who" || exit 1
    # The line docs/network.md gives a shared account, with the test's socket.
    printf 'restrict,command="%s relay --socket %s --as %s" %s\n' "$CAMELOT" "$SOCK" "$who" \
        "$(cat "$TMP/$who.pub")" >>"$TMP/authorized_keys"
done

sshd_up

# ---- The server ----------------------------------------------------------------------------

# Mode 666, and a directory others may pass through, for the other user of part 3.
chmod 711 "$TMP"
mkdir "$TMP/data"
"$CAMELOT" serve --socket "$SOCK" --data "$TMP/data" --mode 666 2>"$TMP/server.log" &
SERVER_PID=$!
PIDS=("$SERVER_PID" "${PIDS[@]}")
end=$((SECONDS + 60))
while [ ! -S "$SOCK" ] && [ $SECONDS -lt $end ] && kill -0 "$SERVER_PID" 2>/dev/null; do
    sleep 0.1
done
if [ ! -S "$SOCK" ]; then
    echo "FAIL: camelot serve did not listen on $SOCK"
    show "$TMP/server.log"
    exit 1
fi

# One login first, which ends at once: with UsePAM off, sshd refuses a user whose password
# field is locked ('!'), whatever the key; such an account cannot be reached through sshd.
if ! ssh -i "$TMP/alice" $SSH_OPTS -T -p "$PORT" "$ME@127.0.0.1" camelot relay </dev/null \
    >"$TMP/probe.out" 2>&1; then
    if grep -q "not allowed because account is locked" "$TMP/sshd.log"; then
        grep "account is locked" "$TMP/sshd.log"
        skip "sshd lets no one in as $ME, whose account is locked (a password field of '!')"
    fi
    echo "FAIL: alice's key does not log in through sshd"
    show "$TMP/probe.out" "$TMP/sshd.log"
    exit 1
fi

# ---- Two players, each by a key of their own -------------------------------------------------

# client NAME: 'camelot online' through ssh with NAME's key, reading commands from a FIFO that
# 'say NAME' writes to; what it prints goes to $TMP/NAME.out.
declare -A IN_FD CLIENT_PID
client() {
    local who=$1 fd
    mkfifo "$TMP/$who.in"
    CAMELOT_SSH="ssh -i $TMP/$who $SSH_OPTS" "$CAMELOT" online --text \
        --server "ssh://$ME@127.0.0.1:$PORT" <"$TMP/$who.in" >"$TMP/$who.out" \
        2>"$TMP/$who.err" &
    CLIENT_PID[$who]=$!
    PIDS+=($!)
    exec {fd}>"$TMP/$who.in"
    IN_FD[$who]=$fd
}
say() { printf '%s\n' "$2" >&"${IN_FD[$1]}"; }

client alice
client bob
check "alice's key makes her alice" \
    wait_file "$TMP/alice.out" "^connected to $ME@127\.0\.0\.1 as alice\.$"
check "bob's key makes him bob" wait_file "$TMP/bob.out" "^connected to $ME@127\.0\.0\.1 as bob\.$"

say alice "create camette"
check "alice makes a game of Camette" wait_file "$TMP/alice.out" "^game [0-9]+ made\.$"
G1=$(sed -n 's/^game \([0-9][0-9]*\) made\.$/\1/p' "$TMP/alice.out" | head -n 1)
say bob "join $G1"
check "bob takes its other seat" \
    wait_file "$TMP/bob.out" "^game $G1: camette, .*W=alice B=bob; you play it\.$"
check "alice is told it is her move" wait_file "$TMP/alice.out" "^your move: White \(you\)\.$"

# The game: six plies, and Black's man ends in White's castle. The same moves are played at
# one keyboard first: the server must end the game as the rules core does there.
MOVES=(C3-E3 C5-B4 B3-C3 B4xD2xB2 D3-E4 B2-C1)
printf '%s\n' "${MOVES[@]}" "save $TMP/local.txt" | "$CAMELOT" play --variant camette \
    >"$TMP/local.out" 2>&1
END=$(sed -n 's/^Game over\. //p' "$TMP/local.out")
WANT=$("$CAMELOT" replay "$TMP/local.txt" 2>&1 | grep '^result: ')
check "at one keyboard the moves end the game ($WANT)" \
    eval '[ -n "$END" ] && [ -n "$WANT" ] && [ "$WANT" != "result: ongoing" ]'

# play PLY: the player to move plays MOVES[PLY]; both hear of it.
play() {
    local ply=$1 mover=alice other=bob seat=White
    if [ $((ply % 2)) = 1 ]; then
        mover=bob other=alice seat=Black
    fi
    local m=${MOVES[$ply]}
    say "$mover" "$m"
    check "ply $((ply + 1)): $mover plays $m and both hear of it" eval \
        "wait_file '$TMP/$mover.out' '^$seat \\(you\\) plays $m\\.\$' &&
         wait_file '$TMP/$other.out' '^$seat \\($mover\\) plays $m\\.\$'"
}
play 0

# ---- Alice's own connection, asking for bob's seat ---------------------------------------------

raw_open alice
# The relay's own first line has said 'as alice' already: a second 'as' is refused.
raw_send "as bob"
check "an 'as bob' after the relay's first line is refused" \
    raw_until "^error as denied "
raw_send "hello 1"
check "and the connection is still alice's" raw_until "^ok hello 1 alice$"
raw_send "open $G1"
check "alice opens game $G1 as a player" raw_until "^ok open $G1 [0-9]+ player$"
raw_send "move $G1 1 sneak ${MOVES[1]} 0"
check "alice cannot play Black's move for bob" raw_until "^error move not-your-turn "
raw_send "draw $G1"
check "a draw alice offers is White's, not Black's" raw_until "^ev $G1 [0-9]+ offer draw W$"
check "and is answered ok" raw_until "^ok draw $G1$"
check "bob is asked" wait_file "$TMP/bob.out" "^White \(alice\) offers a draw\.$"
raw_send "answer $G1 yes"
check "alice cannot accept her offer for bob" raw_until "^error answer denied "
say bob no
check "bob declines it himself" raw_until "^ev $G1 [0-9]+ answer B no$"
check "alice's client hears it" wait_file "$TMP/alice.out" "^Black \(bob\) declines\.$"
raw_close

# A game bob makes against the engine, on a connection of his own: alice plays no seat in it.
raw_open bob
raw_send "hello 1"
raw_until "^ok hello 1 bob$"
raw_send "create camette none casual W=me B=engine:1"
check "bob makes a game against the engine" raw_until "^ok create [0-9]+ [0-9]+$"
G2=$(sed -n 's/^< ok create \([0-9][0-9]*\) .*/\1/p' "$TMP/raw.log" | tail -n 1)
raw_close
raw_open alice
raw_send "hello 1"
raw_until "^ok hello 1 alice$"
raw_send "move $G2 0 sneak ${MOVES[0]} 0"
check "alice cannot move for bob's seat" raw_until "^error move denied "
raw_send "draw $G2"
check "alice cannot offer a draw for it" raw_until "^error draw denied "
raw_send "takeback $G2"
check "or ask to take back" raw_until "^error takeback denied "
raw_send "resign $G2"
check "alice cannot resign it" raw_until "^error resign denied "
raw_send "claim $G2 win"
check "or claim it" raw_until "^error claim denied "
raw_send "open $G2"
check "game $G2 has no move, no offer and no end after all that" eval \
    "raw_until '^ok open $G2 [0-9]+ spectator\$' &&
     ! grep -Eq '^< (ev $G2 [0-9]+ (move|offer|end)|sync $G2 (moves|offer|end)) ' '$TMP/raw.log' &&
     grep -Eq '^< sync $G2 state playing ' '$TMP/raw.log'"
raw_close

# ---- The rest of the game, to its end ---------------------------------------------------------

for ply in 1 2 3 4 5; do
    play "$ply"
done
for who in alice bob; do
    check "$who is told the game is over, as at one keyboard" \
        wait_line "$TMP/$who.out" "game over: $END"
done
# seen NAME: the moves NAME's client told, in the order it told them, on one line.
seen() { sed -n 's/^\(White\|Black\) (.*) plays \(.*\)\.$/\2/p' "$TMP/$1.out" | paste -sd ' '; }
for who in alice bob; do
    check "$who saw every move once, in order" eval '[ "$(seen $who)" = "${MOVES[*]}" ]'
done

# The server's record of the game replays to the result the rules core gave the moves.
raw_open alice
raw_send "hello 1"
raw_until "^ok hello 1 alice$"
raw_send "export $G1"
raw_until "^ok export $G1 [0-9]+$"
sed -n "/^> export $G1\$/,\$s/^< record //p" "$TMP/raw.log" >"$TMP/export.txt"
raw_close
GOT=$("$CAMELOT" replay "$TMP/export.txt" 2>&1)
RC=$?
check "the server's record replays, to the same result" \
    eval '[ $RC = 0 ] && [ "$(printf "%s\n" "$GOT" | grep "^result: ")" = "$WANT" ]'

say alice quit
say bob quit
for who in alice bob; do
    check "$who's client ends with status 0" wait_exit "${CLIENT_PID[$who]}"
done

# ---- Another Unix user -----------------------------------------------------------------------

if [ "$(id -u)" != 0 ]; then
    echo "SKIP (part): a relay run by another user needs root to run it as that user"
else
    OTHER_UID=65534
    OTHER=$(getent passwd "$OTHER_UID" | cut -d: -f1)
    AS_OTHER="setpriv --reuid=$OTHER_UID --regid=$OTHER_UID --clear-groups"
    RELAY=$CAMELOT
    if ! $AS_OTHER test -x "$RELAY"; then
        # The build's directory is closed to that user: a copy of the program it can run.
        mkdir -m 755 "$TMP/bin"
        cp "$CAMELOT" "$TMP/bin/camelot"
        chmod 755 "$TMP/bin/camelot"
        RELAY=$TMP/bin/camelot
    fi
    coproc OTHER_RELAY { $AS_OTHER "$RELAY" relay --socket "$SOCK" --as bob 2>"$TMP/other.err"; }
    OTHER_JOB=$OTHER_RELAY_PID
    PIDS+=("$OTHER_JOB")
    exec {OTHER_IN}<&"${OTHER_RELAY[0]}" {OTHER_OUT}>&"${OTHER_RELAY[1]}"
    printf 'hello 1\n' >&"$OTHER_OUT"
    IFS= read -r -t 60 line <&"$OTHER_IN"
    check "a relay run by $OTHER with --as bob is $OTHER to the server" \
        [ "${line:-}" = "ok hello 1 ${OTHER:-uid$OTHER_UID}" ]
    check "and the server's log says it refused the name" \
        wait_file "$TMP/server.log" "asked to be bob, refused"
    printf 'quit\n' >&"$OTHER_OUT"
    exec {OTHER_OUT}>&- {OTHER_IN}<&-
    wait_exit "$OTHER_JOB"
fi

# ---- The end ---------------------------------------------------------------------------------

kill "$SERVER_PID"
check "the server stops on SIGTERM with status 0" wait_exit "$SERVER_PID"
if [ "$FAILS" -ne 0 ]; then
    show "$TMP/alice.out" "$TMP/alice.err" "$TMP/bob.out" "$TMP/bob.err" "$TMP/raw.log" \
        "$TMP/raw.err" "$TMP/server.log" "$TMP/sshd.log"
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
