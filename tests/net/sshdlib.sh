# Helpers of the tests that take the road through a real OpenSSH server (sshd.sh,
# sshd_public.sh), sourced after CAMELOT is set: a directory of the test's own (removed at the
# end, with every program that names it), checks that count failures, waits bounded for a
# loaded machine, and a private sshd on 127.0.0.1 with its own host key and port. A test that
# cannot run sshd here at all exits 77 (a skip), saying why.
# SPDX-License-Identifier: MIT

skip() {
    echo "SKIP: $*"
    exit 77
}

SSHD=/usr/sbin/sshd
[ -x "$SSHD" ] || skip "no $SSHD here (Debian's package openssh-server)"
for tool in ssh ssh-keygen; do
    command -v "$tool" >/dev/null 2>&1 || skip "no $tool here (Debian's package openssh-client)"
done

# Everything lives in one directory, removed at the end. Its path goes into $CAMELOT_SSH,
# which is split at spaces, and into authorized_keys: it holds only plain characters.
TMP=$(mktemp -d)
case $TMP$CAMELOT in
*[!A-Za-z0-9_./+-]*)
    rm -rf "$TMP"
    TMP=$(mktemp -d /tmp/camelot-sshd.XXXXXX)
    ;;
esac
case $TMP$CAMELOT in
*[!A-Za-z0-9_./+-]*)
    echo "FAIL: the paths $TMP and $CAMELOT must hold only letters, digits and _./+-"
    rm -rf "$TMP"
    exit 1
    ;;
esac
ME=$(id -un)
SOCK=$TMP/server.sock
FAILS=0
PIDS=()

# left: the programs whose command line names the test's directory (clients, relays, ssh).
left() {
    local p
    for p in /proc/[0-9]*; do
        [ "${p#/proc/}" = "$$" ] && continue
        tr '\0' ' ' 2>/dev/null <"$p/cmdline" | grep -qF -- "$TMP/" && echo "${p#/proc/}"
    done
}

# Directories outside $TMP that the test made, removed with it.
CLEANUP_DIRS=()
cleanup() {
    local p i pids
    # The server first: every relay, and with it every ssh session, then sees the end.
    for p in "${PIDS[@]}"; do
        kill "$p" 2>/dev/null
    done
    # No program of the test may outlive it (sshd's sessions end with their relays).
    for i in $(seq 1 100); do
        pids=$(left)
        [ -z "$pids" ] && break
        [ "$i" = 50 ] && kill -9 $pids 2>/dev/null
        sleep 0.1
    done
    rm -rf "$TMP" "${CLEANUP_DIRS[@]}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
# A program that went away makes a write fail, not the script: the checks go on and report.
trap '' PIPE

# check WHAT COMMAND...: runs COMMAND and reports; counts failures.
check() {
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what"
        FAILS=$((FAILS + 1))
        WAIT=5
    fi
}

# show FILE...: what a failed check had to go on.
show() {
    local f
    for f in "$@"; do
        echo "---- ${f#"$TMP"/} ----"
        tail -n 40 "$f" 2>/dev/null
    done
}

# wait_file FILE REGEX [SECONDS]: polls FILE until a line matches REGEX (extended), for $WAIT
# seconds by default: 60, as a loaded machine and the sanitizers make everything slow, and 5
# once a check has failed, so that a broken run ends soon and says all it can.
WAIT=60
wait_file() {
    local file=$1 re=$2 limit=${3:-$WAIT}
    local end=$((SECONDS + limit))
    while [ $SECONDS -lt $end ]; do
        grep -Eq -- "$re" "$file" 2>/dev/null && return 0
        sleep 0.1
    done
    grep -Eq -- "$re" "$file" 2>/dev/null
}

# wait_line FILE LINE [SECONDS]: the same for a whole line, as it is.
wait_line() {
    local file=$1 want=$2 limit=${3:-$WAIT}
    local end=$((SECONDS + limit))
    while [ $SECONDS -lt $end ]; do
        grep -qxF -- "$want" "$file" 2>/dev/null && return 0
        sleep 0.1
    done
    grep -qxF -- "$want" "$file" 2>/dev/null
}

# wait_exit PID: waits for a program of the script to end, for $WAIT seconds at most, and
# returns its exit status (or kills it and returns 124).
wait_exit() {
    local pid=$1 end=$((SECONDS + WAIT))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $end ]; do
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -9 "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        return 124
    fi
    wait "$pid"
}

# ---- sshd ------------------------------------------------------------------------------------

ssh-keygen -q -t ed25519 -N '' -C host -f "$TMP/host_key" || {
    echo "FAIL: ssh-keygen cannot make a host key"
    exit 1
}

# As root, sshd wants its privilege separation directory; Debian makes it when the service
# starts, which this test never does. It is left in place: another sshd may use it.
if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
    mkdir -p -m 755 /run/sshd
fi

# What a test may change of sshd: the users it lets in besides this one (each with a Match
# block of its own), the ways in that sshd allows at all ('any', sshd's default, leaves them to
# those blocks: a Match block cannot widen them), and a command that runs sshd (in a
# namespace, say).
SSHD_USERS=
SSHD_AUTH=publickey
SSHD_WRAP=()

# start_sshd PORT: sshd on 127.0.0.1:PORT, in the foreground of a background job. Returns 0
# once it listens, 1 when the port was taken, 2 when sshd cannot run (the reason in its log),
# 3 when it runs but does not listen.
start_sshd() {
    local port=$1
    cat >"$TMP/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $TMP/host_key
AuthorizedKeysFile $TMP/authorized_keys
PidFile $TMP/sshd.pid
AllowUsers $ME $SSHD_USERS
PermitRootLogin prohibit-password
AuthenticationMethods $SSHD_AUTH
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
UseDNS no
PrintMotd no
LogLevel VERBOSE
EOF
    # What the test adds to it (a Match block comes last, as sshd wants).
    [ -e "$TMP/sshd_config.more" ] && cat "$TMP/sshd_config.more" >>"$TMP/sshd_config"
    "${SSHD_WRAP[@]}" "$SSHD" -D -e -f "$TMP/sshd_config" 2>"$TMP/sshd.log" &
    SSHD_PID=$!
    local end=$((SECONDS + 60))
    while [ $SECONDS -lt $end ]; do
        grep -qs "Server listening on 127.0.0.1 port $port" "$TMP/sshd.log" && return 0
        if ! kill -0 "$SSHD_PID" 2>/dev/null; then
            wait "$SSHD_PID" 2>/dev/null
            grep -qs "Address already in use" "$TMP/sshd.log" && return 1
            return 2
        fi
        sleep 0.1
    done
    return 3
}

# sshd_up: sshd on a free port of 127.0.0.1 ($PORT), or a skip when sshd cannot run here.
sshd_up() {
    PORT=
    local try port
    for try in $(seq 1 20); do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        start_sshd "$port"
        case $? in
        0)
            PORT=$port
            break
            ;;
        2)
            kill "$SSHD_PID" 2>/dev/null
            echo "sshd's log:"
            sed 's/^/  /' "$TMP/sshd.log"
            skip "sshd cannot run here (its log is above)"
            ;;
        3)
            echo "FAIL: sshd runs but does not listen on 127.0.0.1:$port after 60 s"
            show "$TMP/sshd.log"
            exit 1
            ;;
        esac
    done
    [ -n "$PORT" ] || skip "sshd found no free port on 127.0.0.1 in 20 tries"
    PIDS+=("$SSHD_PID")
    echo "sshd listens on 127.0.0.1:$PORT (pid $SSHD_PID), as $ME"
}

SSH_OPTS="-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes"
SSH_OPTS="$SSH_OPTS -o IdentitiesOnly=yes -o LogLevel=ERROR -o ConnectTimeout=60 -F /dev/null"

# ---- A connection that speaks the protocol itself ------------------------------------------

# raw_open NAME: a connection through ssh with NAME's key that speaks the protocol itself (a
# coprocess); 'raw_send' writes a line, 'raw_until REGEX' reads until a line matches it, and
# $TMP/raw.log keeps both sides. Bash drops a coprocess's descriptors when it ends: the
# script reads and writes copies of its own.
raw_open() {
    coproc RAW { ssh -i "$TMP/$1" $SSH_OPTS -T -p "$PORT" "$ME@127.0.0.1" camelot relay \
        2>>"$TMP/raw.err"; }
    RAW_JOB=$RAW_PID
    PIDS+=("$RAW_JOB")
    exec {RAW_IN}<&"${RAW[0]}" {RAW_OUT}>&"${RAW[1]}"
    echo "---- $1" >>"$TMP/raw.log"
}
raw_send() {
    printf '%s\n' "$1" >&"$RAW_OUT"
    echo "> $1" >>"$TMP/raw.log"
}
raw_until() {
    local re=$1 line end=$((SECONDS + WAIT))
    while [ $SECONDS -lt $end ]; do
        IFS= read -r -t 5 line <&"$RAW_IN" || {
            [ $? -gt 128 ] && continue
            return 1
        }
        echo "< $line" >>"$TMP/raw.log"
        [[ $line =~ $re ]] && return 0
        # The server drops a connection silent for 10 s: answer its pings as a client does.
        [[ $line =~ ^ping\ ([A-Za-z0-9_-]+)$ ]] && raw_send "pong ${BASH_REMATCH[1]}"
    done
    return 1
}
raw_close() {
    raw_send quit
    raw_until "^ok quit$"
    exec {RAW_OUT}>&- {RAW_IN}<&-
    wait_exit "$RAW_JOB"
}
