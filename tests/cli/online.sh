#!/usr/bin/env bash
# 'camelot online' on its way to a server: each way of not getting there is said, with what to
# do, and the exit status is 1. No ssh is run: CAMELOT_SSH names a stand-in for it. Then, on a
# server of the test's own, a script's requests are answered before its 'quit' ends it.
# SPDX-License-Identifier: MIT
. "$(dirname "$0")/lib.bash"

run online --text --server "$TMP/none.sock"
check "no server on the socket: said so" \
    eval '[ "$RC" = 1 ] && has "$ERR" "no server listens on $TMP/none.sock"'

# ssh that ends at once, as it does when it does not know the host's key, saying why first.
cat >"$TMP/ssh" <<'SH'
#!/bin/sh
echo "Host key verification failed." >&2
exit 255
SH
chmod +x "$TMP/ssh"
export CAMELOT_SSH="$TMP/ssh"
run online --text --server ssh://camelot@server.example.org
unset CAMELOT_SSH
check "ssh that ends before the server answers: ssh's reason, then what to do" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^Host key verification failed" &&
          has "$ERR" "ssh ended before the server answered" &&
          has "$ERR" "run '"'"'ssh USER@HOST'"'"' once and accept its key"'
check "the message is whole: it ends with the page to read" eval 'has "$ERR" "docs/network.md$"'

run online --text --server "ftp://example.org"
check "an address of no kind it knows: said so" \
    eval '[ "$RC" = 2 ] || [ "$RC" = 1 ] && has "$ERR" "neither a socket"'

SOCK=$TMP/server.sock
"$CAMELOT" serve --socket "$SOCK" --data "$TMP/data" --quiet &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
wait_server "$SOCK"
printf 'games\nvariants\nquit\nwho\n' >"$TMP/script"
run_in "$TMP/script" online --text --server "$SOCK"
check "a script's 'games' and 'variants' are answered before its 'quit'" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^0 games\.$" && has "$OUT" "^[0-9]+ variants\.$"'
check "and nothing after 'quit' is read" eval '! has "$OUT$ERR" "unknown command"'
printf 'create camette\n' >"$TMP/script"
run_in "$TMP/script" online --text --server "$SOCK"
check "a game made at the end of the input is told whole: made, then what it is" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^game 1 made\.$" &&
          has "$OUT" "^game 1: camette, none, casual, W=.* B=open; you play it\.$"'
printf 'games' >"$TMP/script"
run_in "$TMP/script" online --text --server "$SOCK"
check "the end of the input is a 'quit' too" eval '[ "$RC" = 0 ] && has "$OUT" "^1 game\.$"'

finish
