# Guests through a real OpenSSH server on 127.0.0.1, set up as docs/hosting.md says: the
# guests' block that 'camelot host sshd-config --guests' prints lets an account with an empty
# password in with no question, straight into the client. A guest with a terminal (tmux
# running 'ssh -tt') sees the lobby under a guest's name, is refused a rated game and makes a
# casual one; a second guest, without a terminal, gets the text client under another name,
# has no keys, and takes the other seat; a command asked of sshd still gives the client.
# The guests' account is made for sshd alone: sshd runs in a mount namespace of its own where
# copies of /etc/passwd and /etc/shadow, with the account added, are mounted over the real
# ones, which nothing changes. As root only; exits 77 (a skip), saying why, when it cannot run.
# Run as: bash sshd_guest.sh PATH_TO_camelot SOURCE_DIR
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
[ "$(id -u)" = 0 ] || skip "an account for guests, and sshd to switch to it, need root"
for tool in unshare setpriv; do
    command -v "$tool" >/dev/null 2>&1 || skip "no $tool here (Debian's package util-linux)"
done
unshare --mount true 2>/dev/null || skip "no mount namespace can be made here"

# ---- The guests' account, for sshd only ------------------------------------------------------

GUEST=cmguest
GUEST_ID=
for id in $(seq 54330 54399); do
    if ! getent passwd "$id" >/dev/null && ! getent group "$id" >/dev/null; then
        GUEST_ID=$id
        break
    fi
done
[ -n "$GUEST_ID" ] || skip "no free user id from 54330 to 54399"
getent passwd "$GUEST" >/dev/null && skip "a user $GUEST is here already"

# The guests reach the socket and their home through the test's directory, which they may
# enter but not list; camelot must be a program they may run.
chmod 711 "$TMP"
PUB=$TMP/pub
mkdir -m 755 "$PUB" "$PUB/data"
mkdir -m 700 "$PUB/home"
chown "$GUEST_ID:$GUEST_ID" "$PUB/home"
setpriv --reuid="$GUEST_ID" --regid="$GUEST_ID" --clear-groups \
    "$CAMELOT" moves --variant camette >/dev/null 2>&1 ||
    skip "another user cannot run $CAMELOT or read its variants (a clone in a private directory)"
cp /etc/passwd "$TMP/passwd"
cp /etc/shadow "$TMP/shadow"
echo "$GUEST:x:$GUEST_ID:$GUEST_ID:camelot's guests:$PUB/home:/bin/sh" >>"$TMP/passwd"
echo "$GUEST::20000:0:99999:7:::" >>"$TMP/shadow"
chmod 644 "$TMP/passwd"
chmod 600 "$TMP/shadow"
# shellcheck disable=SC2016 # the inner shell expands them
SSHD_WRAP=(unshare --mount sh -c 'mount --bind "$1" /etc/passwd && mount --bind "$2" /etc/shadow &&
    shift 2 && exec "$@"' sh "$TMP/passwd" "$TMP/shadow")
SSHD_USERS=$GUEST
SSHD_AUTH=any # as in Debian's sshd_config: the blocks say how each account comes in

# ---- The host: the blocks of sshd_config, the server -----------------------------------------

SOCK=$PUB/server.sock
"$CAMELOT" host sshd-config --user "$ME" --camelot "$CAMELOT" --socket "$SOCK" --guests "$GUEST" \
    >"$TMP/sshd_config.more" 2>/dev/null
check "host sshd-config --guests prints the guests' block" eval \
    "grep -qx 'Match User $GUEST' '$TMP/sshd_config.more' &&
     grep -qx '    ForceCommand $CAMELOT online --server $SOCK' '$TMP/sshd_config.more'"
: >"$TMP/authorized_keys"
sshd_up

"$CAMELOT" serve --socket "$SOCK" --mode 666 --guests "$GUEST_ID" --data "$PUB/data" \
    2>"$TMP/server.log" &
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
# No key is offered: the guests' account lets ssh in at its first try, with none.
GUEST_SSH="$SSH_OPTS -o PubkeyAuthentication=no -p $PORT $GUEST@127.0.0.1"

# ---- A guest with a terminal ------------------------------------------------------------------

tm() { tmux -S "$TMP/tmux.sock" -f /dev/null "$@"; }
screen() { tm capture-pane -p -t "$1" 2>/dev/null; }
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

tm new-session -d -s one -x 80 -y 24 "exec env LANG=C.UTF-8 ssh -tt -o SendEnv=LANG $GUEST_SSH" ||
    { echo "FAIL: tmux cannot start the guest's terminal"; exit 1; }
tm set-option -t one remain-on-exit on >/dev/null
check "a guest with a terminal comes into the lobby with no question" \
    on_screen one "camelot online - guest-"
ONE=$(screen one | sed -n 's/^camelot online - \(guest-[a-z0-9]\{5\}\)\b.*/\1/p' | head -n 1)
check "under a guest's name ($ONE)" eval '[ -n "$ONE" ] && ! screen one | grep -q "Name: "'
HOST=$(hostname | cut -c 1-20)
check "the lobby names the host ($HOST), not the server's socket" \
    eval 'screen one | grep -qF "camelot online - $ONE at $HOST" && ! screen one | grep -q "server\.sock"'
keys one n
check "n opens the form of a game" on_screen one "New game on the server"
check "of Camette" field one Variant Camette
keys one Down Down Down Down
check "rated" field one Rated yes
keys one Enter
check "a guest's rated game is refused, saying why" \
    on_screen one "guests play casual games only"
keys one n
check "the form again" on_screen one "New game on the server"
keys one Down Down Down Down
check "casual" field one Rated no
keys one Enter
check "a guest's casual game waits for a player" on_screen one "Waiting for players: Black is open."

# ---- A guest without a terminal ---------------------------------------------------------------

mkfifo "$TMP/two.in"
ssh -T $GUEST_SSH <"$TMP/two.in" >"$TMP/two.out" 2>"$TMP/two.err" &
TWO=$!
PIDS+=("$TWO")
exec {TWO_IN}>"$TMP/two.in"
say() { printf '%s\n' "$1" >&"$TWO_IN"; }
check "a guest without a terminal gets the text client, under another name" \
    wait_file "$TMP/two.out" "^connected to .* as guest-[a-z0-9]{5}\.$"
TWO_NAME=$(sed -n 's/^connected to .* as \(guest-[a-z0-9]\{5\}\)\.$/\1/p' "$TMP/two.out")
check "two guests are two ($ONE, $TWO_NAME)" eval '[ -n "$TWO_NAME" ] && [ "$TWO_NAME" != "$ONE" ]'
say keycode
check "a guest makes no code to add a key" wait_file "$TMP/two.out" "a guest has no keys"
say "join 1"
check "the second guest takes the other seat" \
    wait_file "$TMP/two.out" "^game 1: camette, .*W=$ONE B=$TWO_NAME; you play it\.$"
check "the first is told it begins" on_screen one "Every seat is taken: the game begins."
say quit
check "the text client ends with status 0" wait_exit "$TWO"
exec {TWO_IN}>&-

OUT=$(printf 'quit\n' | ssh -T $GUEST_SSH "camelot relay --as carol" 2>&1)
check "a command asked of sshd gives the client all the same" eval \
    'printf "%s\n" "$OUT" | grep -q "^connected to .* as guest-[a-z0-9]\{5\}\.$"'
OUT=$(printf 'quit\n' | ssh -T $SSH_OPTS -o PubkeyAuthentication=no -p "$PORT" \
    "$ME@127.0.0.1" 2>&1)
check "the server's own account lets no one in without a key" eval \
    '! printf "%s\n" "$OUT" | grep -q "^connected to "'

# ---- The end ---------------------------------------------------------------------------------

keys one q y
check "the real /etc/passwd has no guests' account" eval '! getent passwd "$GUEST" >/dev/null'
check "the server logged each guest" eval \
    "grep -q '$ONE' '$TMP/server.log' && grep -q '$TWO_NAME' '$TMP/server.log'"
kill "$SERVER_PID"
check "the server stops on SIGTERM with status 0" wait_exit "$SERVER_PID"
if [ "$FAILS" -ne 0 ]; then
    screen one >"$TMP/one.txt"
    show "$TMP/one.txt" "$TMP/two.out" "$TMP/two.err" "$TMP/server.log" "$TMP/sshd.log"
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
