# A public server through a real OpenSSH server on 127.0.0.1, set up as docs/hosting.md says:
# the block 'camelot host sshd-config' prints opens the account to every key. A key never seen
# connects with a terminal (tmux running 'ssh -tt'), is asked for a name, takes one, sees the
# lobby and makes a rated game; a second new key, without a terminal, gets the text client,
# cannot take the first one's name, signs up and joins; they play to the end. The first key
# connects again and is the same player, with no question and the same rating; the host's
# notice reaches both, and a key the host bans is refused at once. Carol adds a key with a code
# from her lobby's page of keys (K), and removes it there. Nobody acts
# for another: a third key's relay cannot say another key or name, nor play a seat not its
# own, nor ask sshd for another command; a new key through 'camelot online --server ssh://'
# is told how to sign up; a signed-up one plays from its own camelot.
# As root only (sshd runs an AuthorizedKeysCommand only from a path that root owns, and this
# test makes one in /run); exits 77 (a skip), saying why, when it cannot run.
# Run as: bash sshd_public.sh PATH_TO_camelot SOURCE_DIR
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

command -v tmux >/dev/null 2>&1 || skip "no tmux here (Debian's package tmux)"
[ "$(id -u)" = 0 ] || skip "sshd runs an AuthorizedKeysCommand only from a path that root owns"

# ---- The host: camelot where sshd may run it, the block of sshd_config, the server -----------

# sshd wants the AuthorizedKeysCommand and every directory above it root's and written by
# nobody else: a directory of the test's own in /run holds a camelot that runs the build's.
RUN=$(mktemp -d /run/camelot-host.XXXXXX) || {
    echo "FAIL: cannot make a directory in /run"
    exit 1
}
CLEANUP_DIRS+=("$RUN")
chmod 755 "$RUN"
printf '#!/bin/sh\nexec %s "$@"\n' "$CAMELOT" >"$RUN/camelot"
chmod 755 "$RUN/camelot"

"$CAMELOT" host sshd-config --user "$ME" --camelot "$RUN/camelot" --socket "$SOCK" \
    >"$TMP/sshd_config.more" 2>"$TMP/sshd-config.err"
check "host sshd-config prints a block for this account" \
    grep -qx "Match User $ME" "$TMP/sshd_config.more"
check "whose command is the camelot root owns, and no warning" eval \
    "grep -q '^    AuthorizedKeysCommand $RUN/camelot host keys --socket $SOCK %u %f %t %k\$' \
        '$TMP/sshd_config.more' && [ ! -s '$TMP/sshd-config.err' ]"
printf 'HostKey %s\nUsePAM no\n' "$TMP/host_key" | cat - "$TMP/sshd_config.more" \
    >"$TMP/sshd_config.check"
check "sshd takes the block (sshd -t)" "$SSHD" -t -f "$TMP/sshd_config.check"
"$CAMELOT" host sshd-config --user "$ME" --camelot "$TMP/nowhere" >/dev/null 2>"$TMP/bad.err"
check "a camelot sshd would not run is warned of" grep -q "sshd will not run" "$TMP/bad.err"

for who in carol dave erin frank gwen hank; do
    ssh-keygen -q -t ed25519 -N '' -C "$who" -f "$TMP/$who" || exit 1
done
: >"$TMP/authorized_keys"
sshd_up

mkdir "$TMP/data"
"$CAMELOT" serve --socket "$SOCK" --data "$TMP/data" 2>"$TMP/server.log" &
SERVER_PID=$!
PIDS=("$SERVER_PID" "${PIDS[@]}")
end=$((SECONDS + 60))
while [ ! -S "$SOCK" ] && [ $SECONDS -lt $end ] && kill -0 "$SERVER_PID" 2>/dev/null; do
    sleep 0.1
done
[ -S "$SOCK" ] || {
    echo "FAIL: camelot serve did not listen on $SOCK"
    show "$TMP/server.log"
    exit 1
}
fpr() { ssh-keygen -lf "$TMP/$1.pub" | cut -d' ' -f2; }
login() { echo "-i $TMP/$1 $SSH_OPTS -p $PORT $ME@127.0.0.1"; }

# ---- carol: a new key, with a terminal -------------------------------------------------------

# The terminals' tmux names the test's directory: it ends with the test.
tm() { tmux -S "$TMP/tmux.sock" -f /dev/null "$@"; }
# term NAME: a terminal of 80x24 for NAME, running ssh with a terminal (its locale sent).
term() {
    tm kill-session -t "$1" >/dev/null 2>&1
    tm new-session -d -s "$1" -x 80 -y 24 \
        "exec env LANG=C.UTF-8 ssh -tt -o SendEnv=LANG $(login "$1")" ||
        { echo "FAIL: tmux cannot start $1's terminal"; exit 1; }
    tm set-option -t "$1" remain-on-exit on >/dev/null
}
screen() { tm capture-pane -p -t "$1" 2>/dev/null; }
# on_screen NAME TEXT: polls NAME's screen until it shows TEXT (a fixed string).
on_screen() {
    local end=$((SECONDS + WAIT))
    while [ $SECONDS -lt $end ]; do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    screen "$1" | grep -qF -- "$2"
}
keys() {
    local who=$1
    shift
    tm send-keys -t "$who" "$@"
}
# field NAME LABEL VALUE: Right until the form's field LABEL shows VALUE.
field() {
    local i now
    for i in $(seq 1 12); do
        now=$(screen "$1" | grep -o "$2 *< [^>]* >")
        [ "${now#*< }" = "$3 >" ] && return 0
        keys "$1" Right
        sleep 0.3
    done
    return 1
}

term carol
check "a new key with a terminal is asked for a name" on_screen carol "Name:"
check "and told its key is new" on_screen carol "$(fpr carol)"
keys carol -l "carol" && keys carol Enter
check "carol signs up and sees the lobby" on_screen carol "camelot online - carol"
keys carol n
check "n opens the form of a game" on_screen carol "New game on the server"
check "of Camette" field carol Variant Camette
keys carol Down Down Down Down
check "rated" field carol Rated yes
keys carol Enter
check "carol's game waits for a player" on_screen carol "Waiting for players: Black is open."

# ---- dave: a new key, without a terminal ------------------------------------------------------

mkfifo "$TMP/dave.in"
ssh -T $(login dave) <"$TMP/dave.in" >"$TMP/dave.out" 2>"$TMP/dave.err" &
DAVE=$!
PIDS+=("$DAVE")
exec {DAVE_IN}>"$TMP/dave.in"
say() { printf '%s\n' "$1" >&"$DAVE_IN"; }
check "a new key without a terminal is asked for a name too" wait_file "$TMP/dave.out" "^Name: "
say Carol
check "nobody takes a name another has, in any case" wait_file "$TMP/dave.out" "Carol is taken"
say dave
check "dave signs up and gets the text client" \
    wait_file "$TMP/dave.out" "^connected to .* as dave\.$"
say "join 1"
check "dave takes the other seat of carol's game" \
    wait_file "$TMP/dave.out" "^game 1: camette, .*W=carol B=dave; you play it\.$"
check "carol is told it begins" on_screen carol "Every seat is taken: the game begins."

# The game: Black's man ends in White's castle, as at one keyboard.
MOVES=(C3-E3 C5-B4 B3-C3 B4xD2xB2 D3-E4 B2-C1)
printf '%s\n' "${MOVES[@]}" "save $TMP/local.txt" | "$CAMELOT" play --variant camette \
    >"$TMP/local.out" 2>&1
END=$(sed -n 's/^Game over\. //p' "$TMP/local.out")
for ply in 0 1 2 3 4 5; do
    m=${MOVES[$ply]}
    if [ $((ply % 2)) = 0 ]; then
        keys carol : && keys carol -l "$m" && keys carol Enter
        check "ply $((ply + 1)): carol plays $m on her screen; dave hears of it" \
            wait_file "$TMP/dave.out" "^White \(carol\) plays $m\.$"
    else
        say "$m"
        # The last move ends the game: carol's screen says how instead.
        seen=$m
        [ "$ply" = 5 ] && seen="Black wins: a piece in the opponent's castle."
        check "ply $((ply + 1)): dave plays $m; carol sees it" eval \
            "wait_file '$TMP/dave.out' '^Black \\(you\\) plays $m\\.\$' && on_screen carol \"\$seen\""
    fi
done
screen carol >"$TMP/carol-end.txt"
check "carol's screen is in UTF-8, as her terminal is (its locale came through ssh)" \
    grep -q "♘" "$TMP/carol-end.txt"
check "dave is told the game is over, as at one keyboard" \
    eval '[ -n "$END" ] && wait_file "$TMP/dave.out" "^game over: $END$"'
check "and that it was rated" wait_file "$TMP/dave.out" "^carol's rating: 1500 -> "
say "ratings camette"
check "carol is in the table" wait_file "$TMP/dave.out" "^rating camette carol "
RATING=$(grep "^rating camette carol " "$TMP/dave.out" | head -n 1)
"$CAMELOT" admin --socket "$SOCK" notice the server restarts in 5 minutes >/dev/null
check "the host's notice reaches dave" \
    wait_file "$TMP/dave.out" "^the host of the server says: the server restarts in 5 minutes$"
check "and carol" on_screen carol "The host of the server says: the server restarts in 5"
say quit
check "dave's client ends with status 0" wait_exit "$DAVE"
exec {DAVE_IN}>&-

# ---- A key the host bans -----------------------------------------------------------------------

"$CAMELOT" admin --socket "$SOCK" ban "$(fpr dave)" >"$TMP/ban.out" 2>&1
check "the host bans dave's key" grep -q "^done: ban SHA256:" "$TMP/ban.out"
OUT=$(printf 'games\nquit\n' | timeout $((WAIT * 2)) ssh -T $(login dave) 2>&1)
check "and it is refused at once, saying so" eval \
    'printf "%s\n" "$OUT" | grep -q "has banned this key"'

# ---- carol again: the same player, no question -------------------------------------------------

keys carol q y
tm kill-session -t carol >/dev/null 2>&1
term carol
check "carol's key again: her lobby, with no question" eval \
    'on_screen carol "camelot online - carol" && ! screen carol | grep -q "Name: "'

# ---- carol's keys: a second one added with a code from her lobby, then removed --------------

keys carol K
check "K in carol's lobby lists her key, this session's" \
    on_screen carol "> $(fpr carol)  $(date -u +%Y-%m-%d)  this session"
keys carol n
check "n gives a code, and says how to use it" on_screen carol "good once for 10 more minutes"
CODE=$(screen carol | sed -n 's/^ *Code \([a-z0-9]\{8\}\), good once.*/\1/p' | head -n 1)
OUT=$(printf 'code %s\nquit\n' "$CODE" | ssh -T $(login gwen) 2>&1)
check "a new key that types the code is carol's ($CODE)" eval \
    'printf "%s\n" "$OUT" | grep -q "Name: This key is carol'"'"'s now, as the other one is\.$"'
OUT=$(printf 'code %s\n' "$CODE" | ssh -T $(login hank) 2>&1)
check "and the code is good once only" eval \
    'printf "%s\n" "$OUT" | grep -q "no such code, or it is used or too old"'
keys carol r
check "carol's page lists the new key" on_screen carol "  $(fpr gwen)  $(date -u +%Y-%m-%d)"
keys carol Down d
check "d on it warns first" on_screen carol "d again removes the key picked"
keys carol d
check "d again removes it" on_screen carol "The key $(fpr gwen) is yours no more."
check "and the page no longer lists it" eval '! screen carol | grep -qF "  $(fpr gwen)  "'
OUT=$(printf 'quit\n' | ssh -T $(login gwen) 2>&1)
check "the key removed is a key new to the server again" eval \
    'printf "%s\n" "$OUT" | grep -q "This key is new here"'
keys carol Escape q y
tm kill-session -t carol >/dev/null 2>&1
OUT=$(printf 'ratings camette\n' | ssh -T $(login carol) 2>&1)
check "and her rating is the one dave saw ($RATING)" eval \
    '[ -n "$RATING" ] && printf "%s\n" "$OUT" | grep -qxF -- "$RATING"'

# ---- Nobody acts for another ------------------------------------------------------------------

printf 'erin\nquit\n' | ssh -T $(login erin) >"$TMP/erin.out" 2>&1
check "erin signs up" grep -q "You are erin\." "$TMP/erin.out"
OUT=$( (sleep 2; printf 'quit\n') | ssh -tt $(login erin) camelot online --text 2>&1)
check "'camelot online --text' asked for: the text client on a terminal" eval \
    'printf "%s\n" "$OUT" | grep -q "^connected to .* as erin\."'
raw_open erin
raw_send "key $(fpr carol)"
check "erin's relay cannot say carol's key" raw_until "^error key denied "
raw_send "as carol"
check "nor carol's name" raw_until "^error as denied "
raw_send "hello 1"
check "and is erin" raw_until "^ok hello 1 erin$"
raw_send "move 1 6 sneak ${MOVES[0]} 0"
check "nor move in carol's game" raw_until "^error move denied "
raw_send "resign 1"
check "nor resign it" raw_until "^error resign denied "
raw_close
OUT=$(ssh -T $(login erin) "camelot relay --as carol" </dev/null 2>&1)
check "nor ask sshd for a relay as carol" eval \
    'printf "%s\n" "$OUT" | grep -q "only plays camelot" && ! printf "%s\n" "$OUT" | grep -q carol'
OUT=$(ssh -T $(login erin) "camelot host session --key $(fpr carol)" </dev/null 2>&1)
check "nor for carol's session" eval 'printf "%s\n" "$OUT" | grep -q "only plays camelot"'

# ---- From a camelot of one's own ---------------------------------------------------------------

OUT=$(printf 'quit\n' | CAMELOT_SSH="ssh -i $TMP/frank $SSH_OPTS -p $PORT" \
    "$CAMELOT" online --text --server "ssh://$ME@127.0.0.1" 2>&1)
check "a new key through camelot online is told to sign up" eval \
    'printf "%s\n" "$OUT" | grep -q "this key has no player here yet"'
OUT=$(printf 'quit\n' | CAMELOT_SSH="ssh -i $TMP/erin $SSH_OPTS -p $PORT" \
    "$CAMELOT" online --text --server "ssh://$ME@127.0.0.1" 2>&1)
check "erin plays from her own camelot" eval \
    'printf "%s\n" "$OUT" | grep -q "^connected to .* as erin\.$"'

# ---- The end ---------------------------------------------------------------------------------

signed_up() {
    local w
    for w in carol dave erin; do
        grep -q "$w: signed up (key $(fpr $w))" "$TMP/server.log" || return 1
    done
}
check "the server's log has each sign-up, with its key" signed_up
kill "$SERVER_PID"
check "the server stops on SIGTERM with status 0" wait_exit "$SERVER_PID"
if [ "$FAILS" -ne 0 ]; then
    show "$TMP/carol-end.txt" "$TMP/dave.out" "$TMP/dave.err" "$TMP/erin.out" "$TMP/raw.log" "$TMP/raw.err" \
        "$TMP/server.log" "$TMP/sshd.log"
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
