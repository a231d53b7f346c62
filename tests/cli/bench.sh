# bench: the node-count signature of the search, pinned. It changes when, and only when, the
# search, the evaluation or the move generator's order of moves changes: such a change updates
# BENCH_NODES here on purpose, and docs/engine.md says why. Also the same count twice, and a
# bad option.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

BENCH_NODES=17483498

run bench
check "bench runs every position and prints its figures" \
    eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | grep -c " depth ")" = 32 ] &&
          has "$OUT" "^nps [0-9]+$"'
check "the node count is the pinned signature $BENCH_NODES" \
    has "$OUT" "^nodes $BENCH_NODES$"
FIRST=$(printf '%s\n' "$OUT" | grep '^nodes ')

run bench --depth-add -3
SHALLOW=$(printf '%s\n' "$OUT" | grep '^nodes ')
run bench --depth-add -3
check "a search repeats node for node" \
    eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | grep "^nodes ")" = "$SHALLOW" ] &&
          [ "$SHALLOW" != "$FIRST" ]'

run bench --depth-add 9
check "a depth change out of range is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad depth change .9."'

finish
