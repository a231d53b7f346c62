# Helpers for the command-line tests, sourced by each tests/cli/*.sh script (this file is not
# a test itself). A script is run as: bash SCRIPT PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT

if [ $# -lt 2 ]; then
    echo "usage: bash $0 PATH_TO_camelot SOURCE_DIR" >&2
    exit 2
fi
CAMELOT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
. "$(dirname "${BASH_SOURCE[0]}")/../time_factor.sh"
export LC_ALL=C
unset CAMELOT_VARIANT_DIR
# No settings file of the machine's user reaches the program (tests/cli/settings.sh makes its
# own).
export XDG_CONFIG_HOME="$TMP/config"
# The games a script plays are autosaved in a data directory of its own: never the user's, and
# never one that a script running at the same time holds the lock of.
export XDG_DATA_HOME="$TMP/data"

# run ARGS...: runs camelot with no input; sets OUT, ERR (text) and RC (exit status).
run() {
    run_in /dev/null "$@"
}

# run_in FILE ARGS...: the same with FILE as standard input.
run_in() {
    local input=$1
    shift
    set +e
    "$CAMELOT" "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    set -e
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

# check DESCRIPTION COMMAND...: runs the command and reports; counts failures.
check() {
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what"
        echo "  exit status: ${RC-}"
        echo "  stdout: $(printf '%s' "${OUT-}" | head -c 1500)"
        echo "  stderr: $(printf '%s' "${ERR-}" | head -c 1500)"
        FAILS=$((FAILS + 1))
    fi
}

# has TEXT REGEX: whether TEXT matches the extended regular expression somewhere.
has() {
    printf '%s\n' "$1" | grep -Eq -- "$2"
}

# clean TEXT: whether TEXT holds no control character but the tab and no byte that is not
# UTF-8: nothing a terminal would act on (a user's text in it is escaped).
clean() {
    ! printf '%s' "$1" | grep -q $'[\x01-\x08\x0b-\x1f\x7f]' &&
        printf '%s' "$1" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1
}

# last_line TEXT
last_line() {
    printf '%s\n' "$1" | tail -n 1
}

# end_prompt TEXT: the prompt at which the text game's input ended: the line before the one
# that says so ("End of the input."; where the game is saved may follow it).
end_prompt() {
    printf '%s\n' "$1" | grep -B 1 -m 1 -x "End of the input\." | head -n 1
}

# unwrapped TEXT: TEXT with each sentence the text game wrapped on one line again (a line that
# starts with two spaces goes on the line before it).
unwrapped() {
    printf '%s\n' "$1" | awk 'NR > 1 && /^  [^ ]/ { line = line " " substr($0, 3); next }
                              NR > 1 { print line } { line = $0 } END { print line }'
}

# wait_server SOCKET: waits until a server listens on SOCKET, that is until a relay can
# connect to it (a minute at most: the sanitizers, a busy machine).
wait_server() {
    local _
    for _ in $(seq 600); do
        "$CAMELOT" relay --socket "$1" </dev/null >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "FAIL: no server listens on $1"
    return 1
}

finish() {
    if [ "$FAILS" -ne 0 ]; then
        echo "$FAILS check(s) failed"
        exit 1
    fi
    echo "all checks passed"
}
