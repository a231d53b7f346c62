#!/usr/bin/env bash
# 'camelot online' on its way to a server: each way of not getting there is said, with what to
# do, and the exit status is 1. No server is reached and no ssh is run: CAMELOT_SSH names a
# stand-in for it.
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

finish
